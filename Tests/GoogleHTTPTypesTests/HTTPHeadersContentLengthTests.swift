import GoogleHTTPTypes
import Testing

@Suite("GoogleHTTPHeaders.contentLength")
struct HTTPHeadersContentLengthTests {
    private func length(_ values: String...) -> Int64? {
        var headers = GoogleHTTPHeaders()
        for value in values { headers.add(name: "content-length", value: value) }
        return headers.contentLength
    }

    @Test("A plain decimal, white space trimmed, repeated equal values counted once")
    func validLengths() {
        #expect(length("0") == 0)
        #expect(length(" 17917 ") == 17917)
        #expect(length("5", "5") == 5)
        #expect(length("5, 5") == 5)
        #expect(length("999999999999999999") == 999_999_999_999_999_999)
        #expect(GoogleHTTPHeaders().contentLength == nil)
    }

    @Test("Empty list items are skipped, as a list parser skips them; a blank item is not a length")
    func listItems() {
        #expect(length("5,") == 5)
        #expect(length(",5") == 5)
        #expect(length("5,,5") == 5)
        #expect(length("5", "") == 5)
        #expect(length("\t5\t, 5 ") == 5)
        #expect(length(" , 5") == nil)
        #expect(length("5, ") == nil)
        #expect(length("5", " ") == nil)
        #expect(length("") == nil)
    }

    @Test(
        "Signs, fractions, conflicts, overflow and garbage are not lengths",
        arguments: [
            ["-5"], ["+5"], ["5.0"], ["0x10"], ["1e3"], [""], [" "], ["5", "6"], ["5, 6"], ["1234567890123456789"], ["٣"], ["5 5"],
        ])
    func invalidLengths(_ values: [String]) {
        var headers = GoogleHTTPHeaders()
        for value in values { headers.add(name: "Content-Length", value: value) }
        #expect(headers.contentLength == nil, "\(values)")
        #expect(headers.contains("Content-Length"))
    }
}
