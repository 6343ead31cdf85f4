import GoogleAuth
import Testing

// MARK: - KeychainStatusTests

/// A Keychain that refuses is a `TokenStoreError` naming the cause and the remedy (the store
/// itself only runs on Apple platforms; its error and explanation are the same code everywhere).
@Suite("Keychain refusals name cause and remedy")
struct KeychainStatusTests {
    @Test(
        "each refusal an app meets says why and what to do",
        arguments: [
            (Int32(-25308), "errSecInteractionNotAllowed", "unlocked"),
            (Int32(-34018), "errSecMissingEntitlement", "development team"),
            (Int32(-25291), "errSecNotAvailable", "FileTokenStore"),
            (Int32(-128), "errSecUserCanceled", "try again"),
        ])
    func refusal(status: Int32, name: String, remedy: String) {
        let error = TokenStoreError(code: .keychain, operation: "write", status: status)
        let text = "\(error)"
        #expect(text.contains("Keychain write failed with status \(status)"))
        #expect(text.contains(name))
        #expect(text.contains(remedy))
        #expect(text.contains("Stored tokens are unchanged"))
    }

    @Test("an unknown status still names the call and the status")
    func unknownStatus() {
        let text = "\(TokenStoreError(code: .keychain, operation: "read", status: -1))"
        #expect(text == "Keychain read failed with status -1. Stored tokens are unchanged.")
    }
}
