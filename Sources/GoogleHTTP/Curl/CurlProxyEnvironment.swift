import Foundation

// MARK: - CurlProxyEnvironment

/// Which proxy libcurl uses for a URL, read from the environment by libcurl's own rules, so a
/// proxy failure can name the proxy and the variable that configured it:
///
/// - `no_proxy`, else `NO_PROXY`: `*` (every host), or a comma-separated list of host names
///   (each matching itself and its subdomains; a leading dot is ignored), IP addresses and IPv4
///   ranges (`10.0.0.0/8`);
/// - for `https` URLs `https_proxy`, else `HTTPS_PROXY`; for `http` URLs only `http_proxy`
///   (libcurl ignores `HTTP_PROXY`, which a CGI request header could set);
/// - else `all_proxy`, else `ALL_PROXY`.
///
/// Errors show the proxy's host and port only, never the user and password a variable may hold.
package struct CurlProxyEnvironment: Sendable, Hashable {
    /// The variable that names the proxy (`HTTPS_PROXY`…).
    package var variable: String
    /// `host:port` of the proxy.
    package var hostAndPort: String

    /// `the proxy proxy.corp:3128 (from HTTPS_PROXY)`.
    package var phrase: String { "the proxy \(hostAndPort) (from \(variable))" }

    /// The message for a proxy's 407: who answered, and what mends it.
    package static func authenticationRequired(_ named: String, method: String? = nil) -> String {
        "\(named) answered \(method.map { "\($0) " } ?? "")with 407 Proxy Authentication Required: it wants credentials "
            + "(give them in the variable as http://USER:PASSWORD@host:port, or ask who runs the proxy)"
    }

    /// The proxy libcurl uses for `url`: the configured one (`HTTPTransportConfiguration/proxy`)
    /// whatever the environment says, else the one `environment` names, or `nil` for a direct
    /// connection.
    package static func proxy(for url: URL, configured: URL? = nil, environment: [String: String]) -> CurlProxyEnvironment? {
        if let configured {
            return CurlProxyEnvironment(
                variable: "HTTPTransportConfiguration.proxy", hostAndPort: hostAndPort(of: configured.absoluteString))
        }
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        func value(_ name: String) -> (String, String)? {
            environment[name].flatMap { $0.isEmpty ? nil : (name, $0) }
        }
        if let (_, list) = value("no_proxy") ?? value("NO_PROXY"), bypasses(host: host, list: list) { return nil }
        let names = scheme == "https" ? ["https_proxy", "HTTPS_PROXY"] : scheme == "http" ? ["http_proxy"] : []
        guard let (variable, text) = (names + ["all_proxy", "ALL_PROXY"]).lazy.compactMap(value).first else { return nil }
        return CurlProxyEnvironment(variable: variable, hostAndPort: hostAndPort(of: text))
    }

    /// Whether a `no_proxy` list lets `host` connect directly.
    static func bypasses(host: String, list: String) -> Bool {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        for entry in list.split(separator: ",") {
            var pattern = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if pattern == "*" { return true }
            if pattern.hasPrefix(".") { pattern.removeFirst() }
            if pattern.hasPrefix("[") && pattern.hasSuffix("]") { pattern = String(pattern.dropFirst().dropLast()) }
            guard !pattern.isEmpty else { continue }
            if let slash = pattern.firstIndex(of: "/") {
                // libcurl 7.86 and later: an IPv4 range in CIDR notation.
                if let network = ipv4(pattern[..<slash]), let bits = Int(pattern[pattern.index(after: slash)...]), (0...32).contains(bits),
                    let address = ipv4(Substring(bare))
                {
                    let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << (32 - bits)
                    if address & mask == network & mask { return true }
                }
                continue
            }
            if bare == pattern || bare.hasSuffix("." + pattern) { return true }
        }
        return false
    }

    /// A dotted-quad IPv4 address as a number.
    private static func ipv4(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }

    /// `host:port` of a proxy variable's value (`http://user:secret@proxy:3128` → `proxy:3128`),
    /// never its credentials; curl's default port 1080 when none is given.
    static func hostAndPort(of text: String) -> String {
        let withScheme = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else {
            return "(unparseable proxy address)"
        }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(shownHost):\(components.port ?? 1080)"
    }
}
