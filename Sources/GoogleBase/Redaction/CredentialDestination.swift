import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CredentialDestination

/// The one place that decides where a credential (an access token, a refresh token, an
/// authorization code, a client secret) may be sent.
///
/// Two rules, used by the authorized session for every request, by resumable uploads for the
/// session URI, by OAuth endpoint validation and by the sample tools for `GOOGLE_API_ROOT_URL`:
///
/// 1. **Transport**: `https` anywhere; plain `http` only to a loopback host (`127.0.0.0/8`,
///    `::1`, `localhost`), where nothing crosses a network (the local emulator).
/// 2. **Origin**: a token goes only to a trusted *origin* — scheme, host and port together, as
///    browsers compare them (RFC 6454). The port matters: on a shared machine another port on
///    `127.0.0.1` is another program, and `localhost` and `127.0.0.1` are different origins even
///    though they reach the same interface.
package enum CredentialDestination {
    // MARK: - Origin

    /// Scheme, host and port of a URL, compared case-insensitively, with the scheme's default port
    /// filled in (`https://h` equals `https://h:443`).
    package struct Origin: Sendable, Hashable, CustomStringConvertible {
        package var scheme: String
        /// Lowercased, without IPv6 brackets.
        package var host: String
        package var port: Int

        /// `nil` for URLs without an http(s) scheme or a host.
        package init?(_ url: URL) {
            guard let origin = Origin(plainlySpelled: url.absoluteString) ?? Origin(components: url) else { return nil }
            self = origin
        }

        /// The origin as `URLComponents` reads it: what ``init(_:)`` falls back to for URLs
        /// ``init(plainlySpelled:)`` does not take.
        package init?(components url: URL) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
                let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let rawHost = components.host, !rawHost.isEmpty
            else { return nil }
            self.scheme = scheme
            self.host = CredentialDestination.normalizedHost(rawHost)
            self.port = components.port ?? (scheme == "https" ? 443 : 80)
        }

        package var description: String {
            let shownHost = host.contains(":") ? "[\(host)]" : host
            return "\(scheme)://\(shownHost):\(port)"
        }
    }

    // MARK: - Checks

    /// Checks that `url` may carry a credential at all: `https`, or `http` to a loopback host.
    /// - Throws: ``CredentialDestinationError`` naming the URL (query values masked) and the rule.
    package static func requireSecureTransport(_ url: URL) throws(CredentialDestinationError) {
        guard let origin = Origin(url) else {
            throw CredentialDestinationError(url: url, problem: .notHTTP)
        }
        try requireSecureTransport(url, origin: origin)
    }

    private static func requireSecureTransport(_ url: URL, origin: Origin) throws(CredentialDestinationError) {
        if origin.scheme == "http" && !isLoopback(host: origin.host) {
            throw CredentialDestinationError(url: url, problem: .plainHTTPToRemoteHost(host: origin.host))
        }
    }

    /// Checks that `url` may receive a token trusted for `trusted` origins: secure transport (see
    /// ``requireSecureTransport(_:)``) and an origin in `trusted`.
    /// - Throws: ``CredentialDestinationError``.
    package static func requireTrusted(_ url: URL, trusted: Set<Origin>) throws(CredentialDestinationError) {
        guard let origin = Origin(url) else {
            throw CredentialDestinationError(url: url, problem: .notHTTP)
        }
        try requireSecureTransport(url, origin: origin)
        guard trusted.contains(origin) else {
            throw CredentialDestinationError(
                url: url, problem: .untrustedOrigin(origin: origin.description, trusted: trusted.map(\.description).sorted()))
        }
    }

    // MARK: - Loopback

    /// Whether `host` (a URL host, brackets optional) names the loopback interface: `localhost`,
    /// an IPv4 address in `127.0.0.0/8` in dotted-decimal form, `::1`, or `::ffff:127.x.y.z`.
    /// Other spellings (`127.1`, `0x7f.0.0.1`, `foo.localhost`) are not trusted.
    package static func isLoopback(host: String) -> Bool {
        let host = normalizedHost(host)
        if host == "localhost" { return true }
        var v4 = in_addr()
        if host.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || ($0 >= 0x30 && $0 <= 0x39) }),
            inet_pton(AF_INET, host, &v4) == 1
        {
            return withUnsafeBytes(of: &v4) { $0[0] } == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { bytes in
            let loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
            return loopback || mapped
        }
    }

    static func normalizedHost(_ host: String) -> String {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        return text
    }
}

// MARK: - CredentialDestinationError

/// A credential was about to go somewhere it must not. `url` has its query values masked.
package struct CredentialDestinationError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Problem: Sendable, Hashable {
        /// Not an http(s) URL with a host.
        case notHTTP
        /// Plain http to a host that is not loopback: anyone on the path could read the secret.
        case plainHTTPToRemoteHost(host: String)
        /// A secure URL, but on an origin the token does not belong to.
        case untrustedOrigin(origin: String, trusted: [String])
    }

    package var url: String
    package var problem: Problem

    package init(url: URL, problem: Problem) {
        self.url = SecretRedactor.redactedURL(url)
        self.problem = problem
    }

    /// Why, in one sentence, with what to do about it.
    package var reason: String {
        switch problem {
        case .notHTTP:
            "it is not an http(s) URL with a host"
        case .plainHTTPToRemoteHost(let host):
            "it uses plain http to '\(host)', which is not a loopback host; use https "
                + "(plain http is accepted only for 127.0.0.0/8, ::1 and localhost, e.g. the local emulator)"
        case .untrustedOrigin(let origin, let trusted):
            "its origin \(origin) is not trusted with the token (trusted: "
                + (trusted.isEmpty ? "none" : trusted.joined(separator: ", "))
                + "); the token goes only to the scheme, host and port of a service's root URL "
                + "or of an origin the session is configured to trust"
        }
    }

    package var description: String { "\(url): \(reason)" }
}
