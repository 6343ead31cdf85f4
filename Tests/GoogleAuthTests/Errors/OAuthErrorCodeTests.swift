import GoogleAuth
import Testing

// MARK: - OAuthErrorCodeTests

@Suite("OAuthError: a struct with a growable code")
struct OAuthErrorCodeTests {
    /// What a caller's `switch` over an error returns; `default` is required and catches codes
    /// added later.
    private static func classify(_ error: OAuthError) -> String {
        switch error {
        case .invalidGrant, .reauthenticationRequired: "sign in again"
        case .scopeNotGranted: "scope"
        default: "other"
        }
    }

    @Test("Former case names build the same error as the code initializer, and codes match in switch and catch")
    func formerNamesAndPatterns() throws {
        #expect(OAuthError.invalidGrant(description: "d") == OAuthError(code: .invalidGrant, serverDescription: "d"))
        #expect(OAuthError.scopeNotGranted(required: ["a"], granted: ["b"]).requiredScopes == ["a"])
        #expect(Self.classify(.invalidGrant(description: nil)) == "sign in again")
        #expect(Self.classify(.reauthenticationRequired(reason: "gone")) == "sign in again")
        #expect(Self.classify(.scopeNotGranted(required: [], granted: [])) == "scope")
        #expect(Self.classify(OAuthError(code: "some_future_code", description: nil)) == "other")

        func fail() throws { throw OAuthError.reauthenticationRequired(reason: "r") }
        var caught = false
        do { try fail() } catch OAuthError.Code.invalidGrant {
            Issue.record("matched the wrong code")
        } catch OAuthError.Code.reauthenticationRequired {
            caught = true
        }
        #expect(caught)
    }

    @Test("A code the server invents is kept as sent; local codes are not OAuth error codes")
    func serverAndLocalCodes() {
        let future = OAuthError(code: "quota_exhausted", description: "later")
        #expect(future.code.rawValue == "quota_exhausted")
        #expect(future.oauthErrorCode == "quota_exhausted")
        #expect(future.description.contains("quota_exhausted") && future.description.contains("later"))
        #expect(OAuthError(code: .stateMismatch).oauthErrorCode == nil)
        #expect(OAuthError(code: .notAuthorized).requiresReauthentication)
        #expect(!OAuthError(code: .scopeNotGranted).requiresReauthentication)
    }
}
