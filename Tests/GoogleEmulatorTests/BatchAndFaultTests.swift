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
    private func parseBatchResponse(_ response: HTTPResponse) throws -> [(id: String, status: Int, body: String)] {
        let contentType = try #require(response.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/mixed; boundary="))
        let boundary = String(contentType.dropFirst("multipart/mixed; boundary=".count))
        let text = response.text
        let chunks = text.components(separatedBy: "--\(boundary)").dropFirst().filter { !$0.hasPrefix("--") }
        return try chunks.map { chunk in
            let sections = chunk.components(separatedBy: "\r\n\r\n")
            let partHeaders = sections[0]
            let id = partHeaders.components(separatedBy: "\r\n").first { $0.hasPrefix("Content-ID: ") }?
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
        let body = batchBody([
            ("item1", "GET /drive/v3/files/\(Seed.helloTextFileID)?fields=id,name HTTP/1.1"),
            ("item2", "GET /drive/v3/files/missing HTTP/1.1"),
            ("item3", "PATCH /drive/v3/files/\(Seed.helloTextFileID) HTTP/1.1\r\nContent-Type: application/json\r\n\r\n{\"name\":\"renamed.txt\"}"),
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
            .post, "/batch/youtube/v3", headers: ["Content-Type": "multipart/mixed; boundary=x"], body: .data(batchBody(many, boundary: "x")))
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

@Suite struct FaultInjectionTests {
    @Test func statusFaultsWithRetryAfterThenRecovery() async throws {
        let harness = try EmulatorHarness()
        harness.emulator.faults.enqueue(.status(503, retryAfter: 2), matching: "/drive/v3/files", count: 2)
        harness.emulator.faults.enqueue(.status(429), matching: "/youtube/")
        let first = try await harness.send(.get, "/drive/v3/files")
        #expect(first.status == 503)
        #expect(first.headers["Retry-After"] == "2")
        #expect(first.errorReason == "backendError")
        #expect(try await harness.send(.get, "/drive/v3/files").status == 503)
        #expect(try await harness.send(.get, "/drive/v3/files").status == 200)
        let limited = try await harness.send(.get, "/youtube/v3/liveStreams?part=id&mine=true")
        #expect(limited.status == 429)
        #expect(limited.errorReason == "rateLimitExceeded")
        #expect(harness.emulator.faults.pendingCount == 0)
        #expect(harness.emulator.faults.injectedTotal == 3)
        let statuses = harness.emulator.recordedRequests.map(\.status)
        #expect(statuses == [503, 503, 200, 429])
    }

    @Test func droppedConnectionMidBodyFailsTheTransfer() async throws {
        let harness = try EmulatorHarness()
        harness.emulator.faults.enqueue(.dropConnection(afterBytes: 1000), matching: "/drive/v3/files/\(GoogleEmulator.Seed.binaryFileID)")
        await #expect(throws: HTTPTransportError.self) {
            _ = try await harness.send(.get, "/drive/v3/files/\(GoogleEmulator.Seed.binaryFileID)?alt=media")
        }
        let retry = try await harness.send(.get, "/drive/v3/files/\(GoogleEmulator.Seed.binaryFileID)?alt=media")
        #expect(retry.body.count == GoogleEmulator.Seed.binaryFileSize)
    }

    @Test func delayAndMethodFilter() async throws {
        let harness = try EmulatorHarness()
        harness.emulator.faults.enqueue(.delay(.milliseconds(400)), matching: "/drive/v3/about", method: .get)
        harness.emulator.faults.enqueue(.status(500), method: .delete)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await harness.send(.get, "/drive/v3/about").status == 200)
        #expect(start.duration(to: clock.now) >= .milliseconds(400))
        // The DELETE-only fault leaves GETs alone.
        #expect(try await harness.send(.get, "/drive/v3/files/root").status == 200)
        #expect(try await harness.send(.delete, "/drive/v3/files/whatever").status == 500)
    }

    @Test func faultSpecificationsParse() throws {
        let rule = try FaultSpecification.parse("503:1@/drive/v3/files*2")
        #expect(rule.fault == .status(503, retryAfter: 1))
        #expect(rule.pathPrefix == "/drive/v3/files")
        #expect(rule.remaining == 2)
        #expect(try FaultSpecification.parse("PUT dropupload@/upload").fault == .dropUploadConnection(afterBytes: nil))
        #expect(try FaultSpecification.parse("PUT dropupload@/upload").method == .put)
        #expect(try FaultSpecification.parse("drop:100").fault == .dropConnection(afterBytes: 100))
        #expect(try FaultSpecification.parse("slow:10:50").fault == .slowBody(chunkSize: 10, delay: .milliseconds(50)))
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("teapot") }
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("503@nopath") }
        #expect(throws: FaultSpecification.ParseError.self) { try FaultSpecification.parse("503*0") }
    }

    @Test func unknownPathsAre404AndOAuthIsServed() async throws {
        let harness = try EmulatorHarness()
        let unknown = try await harness.send(.get, "/nothing/here")
        #expect(unknown.status == 404)
        #expect(unknown.errorReason == "notFound")
        let token = try await harness.send(.post, "/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                           body: .data(Data("grant_type=refresh_token&refresh_token=bad&client_id=x".utf8)), authorized: false)
        #expect(token.status >= 400 && token.status < 500)
        #expect(token.json["error"] != nil)
    }

    @Test func clientSecretFileAndEnvironment() throws {
        let emulator = try GoogleEmulator.start(configuration: .init(seedData: false))
        let url = temporaryFileURL("client.json")
        defer { try? FileManager.default.removeItem(at: url) }
        try emulator.writeClientSecretFile(to: url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let installed = json.object("installed")
        #expect(installed.string("token_uri") == emulator.baseURL.absoluteString + "/token")
        #expect(installed.string("client_id") == "test-client.apps.googleusercontent.com")
        let variables = Dictionary(uniqueKeysWithValues: emulator.environment(clientSecretFile: url).map { ($0.name, $0.value) })
        #expect(variables["GOOGLE_API_ROOT_URL"] == emulator.baseURL.absoluteString + "/")
        #expect(variables["GOOGLE_CLIENT_SECRET_FILE"] == url.path)
        #expect(emulator.driveFileCount == 0)
        emulator.stop()
        #expect(!FileManager.default.fileExists(atPath: emulator.contentDirectory.path))
    }
}
