public import Foundation
import GoogleBase
public import GoogleHTTPTypes

// MARK: - EmulatorBrowser

/// Signs in to the local emulator without a browser: a ``BrowserOpener`` that requests the
/// authorization URL in-process and follows the emulator's redirect back to the app's loopback
/// listener, as a browser does after the user clicks Allow (the emulator consents at once).
///
/// ```swift
/// let credentials = try await client.authorize(
///     scopes: [Drive.Scope.drive], browser: EmulatorBrowser(transport: DefaultHTTPTransport.shared))
/// ```
///
/// `CurlTransport` comes from `GoogleHTTP`: `import GoogleHTTP`, and the `GoogleHTTP` product in
/// the target's dependencies (README's *Quick start with the emulator* has the whole manifest).
///
/// It lives here rather than in `GoogleEmulator` so that the emulator (a server) links no HTTP
/// client: the app that signs in already has one.
///
/// For tests and offline work only: it opens nothing but loopback URLs (`127.0.0.0/8`, `::1`,
/// `localhost`), so pointed at Google's real sign-in page by mistake it throws before sending
/// anything, instead of pretending to be a person.
public struct EmulatorBrowser: BrowserOpener {
    private let transport: any HTTPTransport

    /// - Parameter transport: Sends the two requests (the package's `CurlTransport`, or yours).
    public init(transport: any HTTPTransport) {
        self.transport = transport
    }

    /// Requests `url` and follows its redirect to the app's listener.
    /// - Throws: ``OAuthError`` ``OAuthError/Code/insecureEndpoint`` when `url` or the redirect is
    ///   not a loopback URL (nothing is sent there), ``OAuthError/Code/unexpectedResponse`` when the
    ///   emulator does not redirect (``OAuthError/status`` says what it answered); the transport's errors.
    public func open(_ url: URL) async throws {
        try Self.requireLoopback(url, what: "authorization URL")
        let consent = try await transport.send(GoogleHTTPRequest(url: url))
        guard (300..<400).contains(consent.status), let location = consent.headers["Location"],
            let target = URL(string: location, relativeTo: url)?.absoluteURL
        else {
            throw OAuthError(
                code: .unexpectedResponse, reason: "the authorization endpoint did not redirect to the app",
                status: consent.status)
        }
        try Self.requireLoopback(target, what: "redirect")
        _ = try await transport.send(GoogleHTTPRequest(url: target))
    }

    private static func requireLoopback(_ url: URL, what: String) throws(OAuthError) {
        guard let origin = CredentialDestination.Origin(url), CredentialDestination.isLoopback(host: origin.host) else {
            throw OAuthError(
                code: .insecureEndpoint,
                reason: "EmulatorBrowser opens only loopback URLs (the local emulator); this \(what) is not one",
                url: SecretRedactor.redactedURL(url))
        }
    }
}
