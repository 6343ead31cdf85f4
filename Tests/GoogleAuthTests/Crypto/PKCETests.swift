import Foundation
import GoogleAuth
import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("PKCE")
struct PKCETests {
    @Test("RFC 7636 Appendix B")
    func rfc7636AppendixB() throws {
        let pkce = try PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(pkce.method == .s256)
    }

    @Test("Plain method uses the verifier as the challenge")
    func plain() throws {
        let verifier = String(repeating: "a", count: 43)
        let pkce = try PKCE(verifier: verifier, method: .plain)
        #expect(pkce.challenge == verifier)
        #expect(pkce.method.rawValue == "plain")
    }

    @Test("Generated verifiers are 43-128 unreserved characters and unique")
    func generated() {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var seen = Set<String>()
        for length in [10, 43, 64, 128, 500] {
            let pkce = PKCE(length: length)
            #expect((43...128).contains(pkce.verifier.count))
            #expect(pkce.verifier.allSatisfy { unreserved.contains($0) })
            #expect(pkce.challenge == Base64URL.encode(SHA256.hash(pkce.verifier)))
            #expect(!pkce.challenge.contains("="))
            seen.insert(pkce.verifier)
        }
        #expect(seen.count == 5)
    }

    @Test(
        "Invalid verifiers are rejected with a typed error",
        arguments: [
            "short", String(repeating: "a", count: 129), String(repeating: "a", count: 42) + "+", String(repeating: "é", count: 50),
        ])
    func invalidVerifier(verifier: String) {
        #expect(throws: OAuthError.self) { try PKCE(verifier: verifier) }
    }

    @Test("Description hides the verifier")
    func description() {
        let pkce = PKCE()
        #expect(!pkce.description.contains(pkce.verifier))
        #expect(!String(reflecting: pkce).contains(pkce.verifier))
    }
}
