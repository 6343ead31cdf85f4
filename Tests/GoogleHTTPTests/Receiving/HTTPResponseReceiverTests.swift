import Foundation
import Testing

@testable import GoogleHTTP

// MARK: - HTTPResponseReceiver

/// The checks both transports share, fed directly: each transport's own suite
/// (`HTTPTransportConformanceTests`) shows that it feeds them.
@Suite("HTTPResponseReceiver")
struct HTTPResponseReceiverTests {
    static let url = URL(string: "https://example.com/x")!

    static func receiver(bodyLimit: Int = 100, errorBodyLimit: Int = 10) -> HTTPResponseReceiver {
        HTTPResponseReceiver(url: url, bodyLimit: bodyLimit, errorBodyLimit: errorBodyLimit)
    }

    static func feed(_ receiver: inout HTTPResponseReceiver, _ lines: [String]) -> [HTTPResponseReceiver.HeadLine] {
        lines.map { line in Array((line + "\r\n").utf8).withUnsafeBytes { receiver.receiveHeaderLine($0) } }
    }

    @Test("a head's fields are kept in order, trimmed, and only the final block's")
    func fieldsOfFinalBlock() {
        var receiver = Self.receiver()
        let results = Self.feed(&receiver, ["HTTP/1.1 100 Continue", "X-Interim: 1", "", "HTTP/1.1 201 Created", "A:  1 ", "a: 2", ""])
        #expect(results.filter { $0 == .endOfHead }.count == 2)
        #expect(receiver.status == 201)
        #expect(receiver.hasFinalHead)
        #expect(receiver.headers.map { "\($0.name)=\($0.value)" } == ["A=1", "a=2"])
    }

    @Test("fields given by name and value (URLSession's parsed head) count like lines")
    func fieldsByNameAndValue() {
        var receiver = Self.receiver()
        receiver.beginHead(status: 200)
        do {
            let holds = receiver.receiveField(name: "Content-Length", value: "5")
            #expect(holds)
        }
        do {
            let holds = receiver.endHead()
            #expect(holds)
        }
        #expect(receiver.expectedBodyLength == 5)
        #expect(receiver.headers.values(for: "content-length") == ["5"])
    }

    @Test("conflicting or non-decimal Content-Length refuses the head", arguments: [["5", "7"], ["5, 7"], ["529abc"], ["-5"]])
    func framing(values: [String]) throws {
        var receiver = Self.receiver()
        receiver.beginHead(status: 200)
        for value in values {
            let accepted = receiver.receiveField(name: "Content-Length", value: value)
            #expect(accepted)
        }
        do {
            let holds = !receiver.endHead()
            #expect(holds)
        }
        let refusal = try #require(receiver.refusal)
        #expect(refusal.kind == .invalidResponse)
        #expect(refusal.message.contains("Content-Length"))
    }

    @Test("a repeated equal Content-Length is accepted")
    func repeatedLength() {
        var receiver = Self.receiver()
        receiver.beginHead(status: 200)
        do {
            let holds = receiver.receiveField(name: "Content-Length", value: "5")
            #expect(holds)
        }
        do {
            let holds = receiver.receiveField(name: "content-length", value: "5")
            #expect(holds)
        }
        do {
            let holds = receiver.endHead()
            #expect(holds)
        }
        #expect(receiver.refusal == nil)
    }

    @Test("a header flood is refused at the field limit, and at the byte limit")
    func headerFlood() throws {
        var receiver = Self.receiver()
        receiver.beginHead(status: 200)
        var accepted = 0
        while receiver.receiveField(name: "X-\(accepted)", value: "v") { accepted += 1 }
        #expect(accepted == HTTPResponseLimits.maxHeaderFields)
        #expect(try #require(receiver.refusal).message.contains("more than \(HTTPResponseLimits.maxHeaderFields) header fields"))

        var big = Self.receiver()
        big.beginHead(status: 200)
        let value = String(repeating: "v", count: 32 << 10)
        var count = 0
        while big.receiveField(name: "X-Big", value: value) { count += 1 }
        #expect(count < 10)
        #expect(try #require(big.refusal).message.contains("256 KiB of header fields"))
    }

    @Test("a body past its limit is refused with the limit named; one that fits is kept whole")
    func bodyLimit() throws {
        var receiver = Self.receiver(bodyLimit: 10)
        receiver.beginHead(status: 200)
        do {
            let holds = receiver.endHead()
            #expect(holds)
        }
        do {
            let holds = receiver.admitBody(6) == 6
            #expect(holds)
        }
        do {
            let holds = receiver.admitBody(4) == 4
            #expect(holds)
        }
        do {
            let holds = receiver.admitBody(1) == 0
            #expect(holds)
        }
        let refusal = try #require(receiver.refusal)
        #expect(refusal.kind == .responseTooLarge)
        #expect(refusal.limit == 10)
        #expect(!receiver.errorBodyTruncated)
    }

    @Test("an error body is cut at its limit and the response stands")
    func errorBodyTruncated() {
        var receiver = Self.receiver(bodyLimit: 100, errorBodyLimit: 10)
        receiver.beginHead(status: 503)
        do {
            let holds = receiver.endHead()
            #expect(holds)
        }
        do {
            let holds = receiver.admitBody(8) == 8
            #expect(holds)
        }
        do {
            let holds = receiver.admitBody(8) == 2
            #expect(holds)
        }
        #expect(receiver.errorBodyTruncated)
        #expect(receiver.refusal == nil)
        #expect(receiver.bodyBytes == 10)
    }

    @Test("a decoded body's Content-Encoding and Content-Length are left out")
    func decodedHead() {
        var receiver = Self.receiver()
        receiver.decodesBody = true
        receiver.beginHead(status: 200)
        do {
            let holds = receiver.receiveField(name: "Content-Encoding", value: "gzip")
            #expect(holds)
        }
        do {
            let holds = receiver.receiveField(name: "Content-Length", value: "20")
            #expect(holds)
        }
        do {
            let holds = receiver.receiveField(name: "X-Kept", value: "1")
            #expect(holds)
        }
        do {
            let holds = receiver.endHead()
            #expect(holds)
        }
        #expect(receiver.headers.map(\.name) == ["X-Kept"])
        #expect(receiver.expectedBodyLength == nil)
        #expect(receiver.contentEncoding == "gzip")
    }
}
