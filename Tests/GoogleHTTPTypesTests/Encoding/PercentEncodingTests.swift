import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("Percent-encoding")
struct PercentEncodingTests {
    @Test("Unreserved encoding leaves only A-Z a-z 0-9 - . _ ~")
    func unreserved() {
        #expect(PercentEncoding.encodeUnreserved("AZaz09-._~") == "AZaz09-._~")
        #expect(PercentEncoding.encodeUnreserved("a b/c?d=e&f+g") == "a%20b%2Fc%3Fd%3De%26f%2Bg")
        #expect(PercentEncoding.encodeUnreserved("ä") == "%C3%A4")
    }

    @Test("Reserved encoding keeps reserved characters and valid escapes")
    func reserved() {
        #expect(PercentEncoding.encodeReserved("projects/p 1/items/a:b?c=d&e%2F") == "projects/p%201/items/a:b?c=d&e%2F")
        #expect(PercentEncoding.encodeReserved("100%") == "100%25")
        #expect(PercentEncoding.encodeReserved("%zz") == "%25zz")
    }

    @Test("Every ASCII byte alone and in a longer value is kept or escaped by its class")
    func everyASCIIByte() {
        // Values made only of kept characters are returned as they are (the common case of a
        // query name or value); one byte outside the class must still take the escaping path.
        for byte in UInt8(0)..<0x80 {
            let text = "ab" + String(UnicodeScalar(byte)) + "/c"
            let hex = "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            let unreserved = PercentEncoding.isUnreserved(byte)
            let reserved = unreserved || PercentEncoding.isReserved(byte)
            #expect(PercentEncoding.encodeUnreserved(text) == "ab" + (unreserved ? String(UnicodeScalar(byte)) : hex) + "%2Fc")
            let expectedReserved = "ab" + (reserved ? String(UnicodeScalar(byte)) : hex) + "/c"
            #expect(PercentEncoding.encodeReserved(text) == expectedReserved, "byte \(byte)")
        }
        #expect(PercentEncoding.encodeReserved("projects/p1/items/a:b?c=d&e") == "projects/p1/items/a:b?c=d&e")
        #expect(PercentEncoding.encodeUnreserved("") == "")
    }

    @Test("Decoding keeps malformed escapes and treats + per context")
    func decoding() {
        #expect(PercentEncoding.decode("a+b%20c%zz%4", plusIsSpace: true) == "a b c%zz%4")
        #expect(PercentEncoding.decode("a+b%2Fc", plusIsSpace: false) == "a+b/c")
        #expect(PercentEncoding.decode("%C3%A4", plusIsSpace: false) == "ä")
        #expect(PercentEncoding.decode("%FF", plusIsSpace: false) == "\u{FFFD}")
    }

    @Test("Query strings split into ordered, decoded pairs")
    func query() {
        let items = PercentEncoding.decodeQuery("a=1&b=x%3Dy&flag&a=2&c=a=b")
        #expect(items.map(\.name) == ["a", "b", "flag", "a", "c"])
        #expect(items.map(\.value) == ["1", "x=y", "", "2", "a=b"])
    }
}
