import Foundation
import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("Form URL encoding")
struct FormURLEncodingTests {
    @Test("Everything outside the unreserved set is percent-encoded")
    func strictEncoding() {
        #expect(FormURLEncoding.percentEncode("AZaz09-._~") == "AZaz09-._~")
        #expect(FormURLEncoding.percentEncode("a b+c/d:e?f&g=h#i%") == "a%20b%2Bc%2Fd%3Ae%3Ff%26g%3Dh%23i%25")
        #expect(FormURLEncoding.percentEncode("é✓") == "%C3%A9%E2%9C%93")
        #expect(FormURLEncoding.percentEncode("http://127.0.0.1:5000/") == "http%3A%2F%2F127.0.0.1%3A5000%2F")
    }

    @Test("Decoding undoes encoding, treats + as space and keeps malformed escapes")
    func decoding() {
        let pairs = [("scope", "openid email https://x/y"), ("redirect_uri", "http://127.0.0.1:1/"), ("e", "a=b&c")]
        let decoded = FormURLEncoding.decode(FormURLEncoding.encode(pairs))
        #expect(decoded.map(\.name) == pairs.map(\.0))
        #expect(decoded.map(\.value) == pairs.map(\.1))
        #expect(FormURLEncoding.percentDecode("a+b%20c%zz%4") == "a b c%zz%4")
        #expect(FormURLEncoding.decode("flag&x=").map(\.value) == ["", ""])
    }
}
