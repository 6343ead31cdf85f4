import Foundation
import GoogleAuth
import Testing

/// Text an OAuth server sends back (`error_description`, unknown error codes) is shown to users
/// and logged; a server that echoes a token, code or secret must not make us print it.
@Suite("Server-provided OAuth error text is redacted")
struct ServerTextRedactionTests {
    @Test("Secrets echoed in error_description or an unknown error code never reach a description")
    func echoedSecrets() {
        let echoes = [
            "refresh_token=1//0gSECRET1 is invalid",
            "Bearer ya29.SECRET2 expired",
            #"{"client_secret": "GOCSPX-SECRET3"}"#,
            "code=4/0AdSECRET4&state=x",
        ]
        for echo in echoes {
            for error in [OAuthError(code: "invalid_grant", description: echo), OAuthError(code: "weird_\(echo)", description: echo)] {
                for text in ["\(error)", String(reflecting: error), error.localizedDescription, error.serverDescription ?? ""] {
                    #expect(!text.contains("SECRET"), "\(text)")
                }
            }
        }
        // The rest of the message survives.
        #expect(OAuthError(code: "invalid_grant", description: "Bad Request").serverDescription == "Bad Request")
    }
}
