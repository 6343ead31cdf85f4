import Foundation
import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("Base64URL")
struct Base64URLTests {
    @Test("base64url round trip without padding")
    func roundTrip() {
        for count in 0..<20 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + 250) }
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(Base64URL.decode(encoded) == Data(bytes))
        }
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("a") == nil)
        #expect(Base64URL.decode("*&^%") == nil)
    }

    @Test("Padded input decodes; misplaced padding does not")
    func padding() {
        #expect(Base64URL.decode("-_8=") == Data([0xFB, 0xFF]))
        #expect(Base64URL.decode("-_8==") == nil)
    }
}
