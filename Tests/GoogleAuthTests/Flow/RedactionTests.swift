import Foundation
import GoogleAuth
import GoogleHTTP
import Testing

@Suite("Secrets never appear in descriptions")
struct RedactionTests {
    static let secrets = ["ya29.SECRET-ACCESS", "1//SECRET-REFRESH", "SECRET-CLIENT", "4/SECRET-CODE", "SECRET-STATE", "AH-SECRET-DEVICE"]

    private func assertClean(_ value: Any, sourceLocation: SourceLocation = #_sourceLocation) {
        var dumped = ""
        dump(value, to: &dumped)
        var mirrored = ""
        for child in Mirror(reflecting: value).children { mirrored += "\(child.label ?? ""): \(child.value)\n" }
        for text in ["\(value)", String(reflecting: value), dumped, mirrored, "\([value])", "\(Optional(value) as Any)"] {
            for secret in Self.secrets {
                #expect(!text.contains(secret), "\(type(of: value)) leaks \(secret)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Every type that holds a secret redacts it")
    func descriptions() throws {
        let credentials = OAuthTokens(
            accessToken: "ya29.SECRET-ACCESS", expiresAt: Date(), refreshToken: "1//SECRET-REFRESH", scopes: ["email"],
            idToken: "h.p.s")
        assertClean(credentials)
        let configuration = OAuthClientConfiguration(clientID: "id", clientSecret: "SECRET-CLIENT")
        assertClean(configuration)
        assertClean(OAuthClient(configuration: configuration))
        let request = AuthorizationRequest(
            configuration: configuration, scopes: ["email"], redirectURI: "http://127.0.0.1:1/", state: "SECRET-STATE")
        assertClean(request)
        assertClean(request.pkce)
        #expect(!"\(request)".contains(request.pkce.verifier))
        assertClean(AuthorizationCallback(code: "4/SECRET-CODE", state: "SECRET-STATE"))
        assertClean(
            DeviceAuthorization(
                deviceCode: "AH-SECRET-DEVICE", userCode: "ABCD-EFGH", verificationURL: URL(string: "http://127.0.0.1/device")!,
                expiresAt: Date(), interval: 5, scopes: ["email"]))
        let transportError = HTTPTransportError(
            kind: .connectionRefused, url: URL(string: "http://127.0.0.1:1/token?access_token=ya29.SECRET-ACCESS")!, message: "refused")
        assertClean(OAuthError.transport(transportError))
        assertClean(TokenStoreError.corrupt(path: "/tmp/x", reason: "not valid JSON"))
    }

    @Test("Error descriptions carry meaning and remedy")
    func errorText() {
        let error = OAuthError.invalidGrant(description: "Token has been expired or revoked.")
        #expect(error.description.contains("invalid_grant"))
        #expect(error.description.contains("Remedy:"))
        #expect(error.localizedDescription == error.description)
        #expect(OAuthError(code: .stateMismatch).description.contains("forgery"))
        #expect(OAuthError.timedOut(after: .seconds(3)).remedy.contains("timeout"))
    }
}
