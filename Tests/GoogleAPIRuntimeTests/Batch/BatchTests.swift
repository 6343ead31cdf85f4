import Foundation
import GoogleEmulator
import LocalHTTPServer
import Testing

@testable import GoogleAPIRuntime

@Suite("Batch")
struct BatchTests {
    /// A batch endpoint: answers each part (in reverse order, to exercise Content-ID matching)
    /// with the file named by the inner request line, or 404 for `missing`.
    private static func backend(batches: Recorder<Int>, innerRequests: Recorder<String>) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.post("/batch/drive/v3") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                guard let boundary = BatchResponseParser.boundary(in: request.headers["Content-Type"]) else {
                    return .text("no boundary", status: 400)
                }
                let text = String(decoding: request.body, as: UTF8.self)
                let parts = text.components(separatedBy: "--\(boundary)").dropFirst().filter { !$0.hasPrefix("--") }
                batches.append(parts.count)
                var answers: [String] = []
                for part in parts {
                    let sections = part.components(separatedBy: "\r\n\r\n")
                    guard sections.count >= 2 else { continue }
                    let contentID =
                        sections[0].components(separatedBy: "\r\n").first { $0.hasPrefix("Content-ID:") }?
                        .replacingOccurrences(of: "Content-ID: <", with: "").replacingOccurrences(of: ">", with: "") ?? "?"
                    let requestLine = sections[1].components(separatedBy: "\r\n")[0]
                    innerRequests.append(requestLine)
                    let path = requestLine.split(separator: " ")[1].split(separator: "?")[0]
                    let id = path.split(separator: "/").last.map(String.init) ?? ""
                    let (status, body) =
                        id == "missing"
                        ? ("404 Not Found", #"{"error":{"code":404,"message":"File not found","errors":[{"reason":"notFound"}]}}"#)
                        : ("200 OK", #"{"id":"\#(id)","size":"7"}"#)
                    answers.append(
                        "Content-Type: application/http\r\nContent-ID: <response-\(contentID)>\r\n\r\nHTTP/1.1 \(status)\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)\r\n"
                    )
                }
                let responseBoundary = "batch_resp_XYZ"
                let body = answers.reversed().map { "--\(responseBoundary)\r\n" + $0 }.joined() + "--\(responseBoundary)--\r\n"
                return HTTPServerResponse(
                    status: 200, headers: ["Content-Type": "multipart/mixed; boundary=\(responseBoundary)"], body: .data(Data(body.utf8)))
            }
        }
    }

    private func call(_ id: String) -> APICall {
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", id)
        call.addQuery("fields", "id,size")
        return call
    }

    @Test func resultsComeBackInCallOrderWithErrors() async throws {
        let batches = Recorder<Int>()
        let inner = Recorder<String>()
        let backend = try Self.backend(batches: batches, innerRequests: inner)
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let results = try await client.batch([call("a"), call("missing"), call("c d")])
        #expect(results.map(\.status) == [200, 404, 200])
        #expect(try results[0].decode(TestFile.self).id == "a")
        #expect(try results[2].decode(TestFile.self).id == "c%20d")
        #expect(results[1].error?.hasReason("notFound") == true)
        #expect(throws: GoogleAPIError.self) { try results[1].decode(TestFile.self) }
        #expect(inner.values.first == "GET /drive/v3/files/a?fields=id%2Csize&prettyPrint=false HTTP/1.1")
        #expect(results[0].headers["Content-Type"] == "application/json; charset=UTF-8")
    }

    @Test func moreThanAThousandCallsAreSplit() async throws {
        let batches = Recorder<Int>()
        let backend = try Self.backend(batches: batches, innerRequests: Recorder())
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let results = try await client.batch((0..<1205).map { call("f\($0)") })
        #expect(batches.values == [1000, 205])
        #expect(results.count == 1205)
        #expect(try results[1204].decode(TestFile.self).id == "f1204")
        #expect(results.enumerated().allSatisfy { $0.offset == $0.element.index })
    }

    @Test func requestBodyFormat() throws {
        var request = GoogleHTTPRequest(method: .patch, url: URL(string: "http://127.0.0.1:1/drive/v3/files/x?a=1")!)
        request.body = .data(Data(#"{"name":"n"}"#.utf8))
        request.headers["Content-Type"] = "application/json; charset=UTF-8"
        request.headers["Authorization"] = "Bearer secret"
        let writer = BatchRequestWriter(boundary: "B")
        let text = String(decoding: try writer.body(for: [request], firstIndex: 7), as: UTF8.self)
        #expect(
            text
                == "--B\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <item7>\r\n\r\nPATCH /drive/v3/files/x?a=1 HTTP/1.1\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: 12\r\n\r\n{\"name\":\"n\"}\r\n--B--\r\n"
        )
    }

    @Test func malformedBatchResponsesAreTypedErrors() {
        #expect(throws: GoogleAPIClientError.self) {
            try BatchResponseParser.parse(Data("x".utf8), contentType: "text/html", firstIndex: 0, count: 1)
        }
        #expect(throws: GoogleAPIClientError.self) {
            try BatchResponseParser.parse(
                Data("--b\r\nContent-Type: application/http\r\n\r\nnot http\r\n--b--".utf8),
                contentType: "multipart/mixed; boundary=b", firstIndex: 0, count: 1)
        }
    }
}
