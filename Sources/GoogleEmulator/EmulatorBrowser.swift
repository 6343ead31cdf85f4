public import Foundation
public import GoogleAuth
public import GoogleHTTPTypes
import GoogleBase

// MARK: - EmulatorBrowser

/// Signs in to the local emulator without a browser: a ``BrowserOpener`` that requests the
/// authorization URL in-process and follows the emulator's redirect back to the app's loopback
/// listener, as a browser does after the user clicks Allow (the emulator consents at once).
///
/// ```swift
/// let credentials = try await client.authorize(
///     scopes: [Drive.Scope.drive], browser: EmulatorBrowser(transport: CurlTransport()))
/// ```
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
    /// - Throws: ``GoogleEmulatorError`` when `url` or the redirect is not a loopback URL, or when
    ///   the emulator does not redirect (the page's status says why); the transport's errors.
    public func open(_ url: URL) async throws {
        try Self.requireLoopback(url, what: "authorization URL")
        let consent = try await transport.send(GoogleHTTPRequest(url: url))
        guard (300..<400).contains(consent.status), let location = consent.headers["Location"],
              let target = URL(string: location, relativeTo: url)?.absoluteURL
        else {
            throw GoogleEmulatorError(message: "the authorization endpoint answered \(consent.status) instead of redirecting to the app")
        }
        try Self.requireLoopback(target, what: "redirect")
        _ = try await transport.send(GoogleHTTPRequest(url: target))
    }

    private static func requireLoopback(_ url: URL, what: String) throws(GoogleEmulatorError) {
        guard let origin = CredentialDestination.Origin(url), CredentialDestination.isLoopback(host: origin.host) else {
            throw GoogleEmulatorError(
                message: "EmulatorBrowser opens only loopback URLs (the local emulator); the \(what) goes to "
                    + "\(SecretRedactor.redactedURL(url))")
        }
    }
}
