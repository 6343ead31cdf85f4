import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite struct BatchTests {
    typealias Seed = GoogleEmulator.Seed

    private func batchBody(_ requests: [(id: String, text: String)], boundary: String) -> Data {
        var body = ""
        for request in requests {
            body += "--\(boundary)\r\nContent-Type: application/http\r\nContent-ID: <\(request.id)>\r\n\r\n\(request.text)\r\n"
        }
        body += "--\(boundary)--\r\n"
        return Data(body.utf8)
    }

    /// Splits a multipart/mixed batch response into (Content-ID, status, body) triples.
    private func parseBatchResponse(_ response: GoogleHTTPResponse) throws -> [(id: String, status: Int, body: String)] {
        let contentType = try #require(response.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/mixed; boundary="))
        let boundary = String(contentType.dropFirst("multipart/mixed; boundary=".count))
        let text = response.text
        let chunks = text.components(separatedBy: "--\(boundary)").dropFirst().filter { !$0.hasPrefix("--") }
        return try chunks.map { chunk in
            let sections = chunk.components(separatedBy: "\r\n\r\n")
            let partHeaders = sections[0]
            let id =
                partHeaders.components(separatedBy: "\r\n").first { $0.hasPrefix("Content-ID: ") }?
                .dropFirst("Content-ID: ".count) ?? ""
            let statusLine = try #require(sections.dropFirst().first?.components(separatedBy: "\r\n").first)
            let status = Int(statusLine.split(separator: " ")[1]) ?? 0
            let body = sections.dropFirst(2).joined(separator: "\r\n\r\n").trimmingCharacters(in: .whitespacesAndNewlines)
            return (String(id), status, body)
        }
    }

    @Test func driveBatchAnswersEachPart() async throws {
        let harness = try EmulatorHarness()
        let boundary = "batch_boundary"
        let body = batchBody(
            [
                ("item1", "GET /drive/v3/files/\(Seed.helloTextFileID)?fields=id,name HTTP/1.1"),
                ("item2", "GET /drive/v3/files/missing HTTP/1.1"),
                (
                    "item3",
                    "PATCH /drive/v3/files/\(Seed.helloTextFileID) HTTP/1.1\r\nContent-Type: application/json\r\n\r\n{\"name\":\"renamed.txt\"}"
                ),
            ], boundary: boundary)
        let response = try await harness.send(
            .post, "/batch/drive/v3", headers: ["Content-Type": "multipart/mixed; boundary=\(boundary)"], body: .data(body))
        #expect(response.status == 200)
        let parts = try parseBatchResponse(response)
        #expect(parts.map(\.id) == ["<response-item1>", "<response-item2>", "<response-item3>"])
        #expect(parts.map(\.status) == [200, 404, 200])
        #expect(parts[0].body == #"{"id":"\#(Seed.helloTextFileID)","name":"hello.txt"}"#)
        #expect(parts[2].body.contains(#""name":"renamed.txt""#))
    }

    @Test func partsWithoutTokenAreUnauthorized() async throws {
        let harness = try EmulatorHarness()
        let body = batchBody([("a", "GET /drive/v3/files/\(Seed.helloTextFileID) HTTP/1.1")], boundary: "b")
        let response = try await harness.send(
            .post, "/batch/drive/v3", headers: ["Content-Type": "multipart/mixed; boundary=b"], body: .data(body), authorized: false)
        #expect(try parseBatchResponse(response).map(\.status) == [401])
    }

    @Test func youTubeBatchAndLimits() async throws {
        let harness = try EmulatorHarness()
        let many = (1...1001).map { ("p\($0)", "GET /youtube/v3/liveStreams?part=id&mine=true HTTP/1.1") }
        let tooMany = try await harness.send(
            .post, "/batch/youtube/v3", headers: ["Content-Type": "multipart/mixed; boundary=x"],
            body: .data(batchBody(many, boundary: "x")))
        #expect(tooMany.status == 400)

        let fine = try await harness.send(
            .post, "/batch/youtube/v3", headers: ["Content-Type": "multipart/mixed; boundary=x"],
            body: .data(batchBody(Array(many.prefix(1000)), boundary: "x")))
        let parts = try parseBatchResponse(fine)
        #expect(parts.count == 1000)
        #expect(parts.allSatisfy { $0.status == 200 })

        let wrongService = try await harness.send(
            .post, "/batch/youtube/v3", headers: ["Content-Type": "multipart/mixed; boundary=x"],
            body: .data(batchBody([("d", "GET /drive/v3/files HTTP/1.1")], boundary: "x")))
        #expect(try parseBatchResponse(wrongService).map(\.status) == [400])

        let notMultipart = try await harness.send(.post, "/batch/drive/v3", body: .data(Data("x".utf8)))
        #expect(notMultipart.status == 400)
    }
}
