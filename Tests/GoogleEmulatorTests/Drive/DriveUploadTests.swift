import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite struct DriveUploadTests {
    @Test func simpleMediaUpload() async throws {
        let harness = try EmulatorHarness()
        let content = testBytes(300_000)
        let response = try await harness.send(
            .post, "/upload/drive/v3/files?uploadType=media&fields=*", headers: ["Content-Type": "image/png"], body: .data(content))
        #expect(response.status == 200)
        let id = try #require(response.json.string("id"))
        #expect(response.json.string("mimeType") == "image/png")
        #expect(response.json.string("size") == "300000")
        #expect(response.json.string("md5Checksum") == EmulatorTestHooks.md5(content))
        #expect(harness.emulator.driveFileContent(id) == content)
    }

    @Test func multipartUpload() async throws {
        let harness = try EmulatorHarness()
        let content = testBytes(5000)
        let boundary = "test_boundary_123"
        var body = Data("--\(boundary)\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n".utf8)
        body += Data(#"{"name":"report.csv","parents":["\#(GoogleEmulator.Seed.projectsFolderID)"],"description":"q1"}"#.utf8)
        body += Data("\r\n--\(boundary)\r\nContent-Type: text/csv\r\n\r\n".utf8)
        body += content
        body += Data("\r\n--\(boundary)--\r\n".utf8)
        let response = try await harness.send(
            .post, "/upload/drive/v3/files?uploadType=multipart&fields=*",
            headers: ["Content-Type": "multipart/related; boundary=\(boundary)"], body: .data(body))
        #expect(response.status == 200)
        #expect(response.json.string("name") == "report.csv")
        #expect(response.json.string("mimeType") == "text/csv")
        #expect(response.json.string("description") == "q1")
        #expect((response.json["parents"] as? [String]) == [GoogleEmulator.Seed.projectsFolderID])
        let id = try #require(response.json.string("id"))
        #expect(harness.emulator.driveFileContent(id) == content)

        let broken = try await harness.send(
            .post, "/upload/drive/v3/files?uploadType=multipart",
            headers: ["Content-Type": "multipart/related; boundary=\(boundary)"], body: .data(Data("no parts here".utf8)))
        #expect(broken.status == 400)
    }

    @Test func uploadUpdatesExistingFileWithPatch() async throws {
        let harness = try EmulatorHarness()
        let id = GoogleEmulator.Seed.helloTextFileID
        let response = try await harness.send(
            .patch, "/upload/drive/v3/files/\(id)?uploadType=media&fields=*", headers: ["Content-Type": "text/plain"],
            body: .data(Data("replaced".utf8)))
        #expect(response.status == 200)
        #expect(response.json.string("size") == "8")
        #expect(harness.emulator.driveFileContent(id) == Data("replaced".utf8))
        #expect(
            try await harness.send(.patch, "/upload/drive/v3/files/missing?uploadType=media", body: .data(Data("x".utf8))).status == 404)
    }

    @Test func missingUploadTypeIs400() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(.post, "/upload/drive/v3/files", body: .data(Data("x".utf8)))
        #expect(response.status == 400)
    }

    // MARK: - Resumable

    private func startSession(_ harness: EmulatorHarness, total: Int, name: String = "big.bin") async throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["name": name])
        let response = try await harness.send(
            .post, "/upload/drive/v3/files?uploadType=resumable&fields=id,name,mimeType,size,md5Checksum",
            headers: [
                "Content-Type": "application/json; charset=UTF-8", "X-Upload-Content-Type": "application/zip",
                "X-Upload-Content-Length": String(total),
            ],
            body: .data(data))
        #expect(response.status == 200)
        let location = try #require(response.headers["Location"])
        // The session URI keeps the initiating request's `fields`, which shape the final answer.
        #expect(
            location.hasPrefix(
                harness.emulator.baseURL.absoluteString
                    + "/upload/drive/v3/files?uploadType=resumable&fields=id,name,mimeType,size,md5Checksum&upload_id="))
        return location
    }

    private func putChunk(_ harness: EmulatorHarness, _ location: String, _ content: Data, from start: Int, count: Int) async throws
        -> GoogleHTTPResponse
    {
        let chunk = content.subdata(in: start..<(start + count))
        return try await harness.transport.send(
            GoogleHTTPRequest(
                method: .put, url: URL(string: location)!,
                headers: ["Content-Range": "bytes \(start)-\(start + count - 1)/\(content.count)"], body: .data(chunk)))
    }

    private func statusQuery(_ harness: EmulatorHarness, _ location: String, total: Int) async throws -> GoogleHTTPResponse {
        try await harness.transport.send(
            GoogleHTTPRequest(
                method: .put, url: URL(string: location)!, headers: ["Content-Range": "bytes */\(total)"], body: .empty))
    }

    @Test func resumableUploadInChunks() async throws {
        let harness = try EmulatorHarness()
        let chunk = 256 * 1024
        let content = testBytes(chunk * 3 + 1000)
        let location = try await startSession(harness, total: content.count)

        let first = try await putChunk(harness, location, content, from: 0, count: chunk)
        #expect(first.status == 308)
        #expect(first.headers["Range"] == "bytes=0-\(chunk - 1)")

        let status = try await statusQuery(harness, location, total: content.count)
        #expect(status.status == 308)
        #expect(status.headers["Range"] == "bytes=0-\(chunk - 1)")

        // Overlapping a chunk already received is fine: the overlap is skipped.
        let second = try await putChunk(harness, location, content, from: chunk - 100, count: chunk + 100)
        #expect(second.headers["Range"] == "bytes=0-\(2 * chunk - 1)")
        // A gap is refused.
        let gap = try await putChunk(harness, location, content, from: 3 * chunk, count: 1000)
        #expect(gap.status == 400)

        #expect(try await putChunk(harness, location, content, from: 2 * chunk, count: chunk).status == 308)
        let last = try await putChunk(harness, location, content, from: 3 * chunk, count: 1000)
        #expect(last.status == 200)
        #expect(last.json.string("name") == "big.bin")
        #expect(last.json.string("mimeType") == "application/zip")
        #expect(last.json.string("md5Checksum") == EmulatorTestHooks.md5(content))
        let id = try #require(last.json.string("id"))
        #expect(harness.emulator.driveFileContent(id) == content)

        // Asking again after completion answers with the file.
        let after = try await statusQuery(harness, location, total: content.count)
        #expect(after.status == 200)
        #expect(after.json.string("id") == id)
    }

    @Test func interruptedChunkKeepsWhole256KiBUnitsAndResumes() async throws {
        let harness = try EmulatorHarness()
        let content = testBytes(1024 * 1024 + 123)
        let location = try await startSession(harness, total: content.count)
        harness.emulator.faults.enqueue(.dropUploadConnection(afterBytes: 600 * 1024), matching: "/upload/drive/v3/files", method: .put)

        // A fresh connection: libcurl silently resends a request whose *reused* connection died
        // before any response byte, which would hide the interruption.
        let freshTransport = CurlTransport()
        await #expect(throws: HTTPTransportError.self) {
            _ = try await freshTransport.send(
                GoogleHTTPRequest(
                    method: .put, url: URL(string: location)!,
                    headers: ["Content-Range": "bytes 0-\(content.count - 1)/\(content.count)"], body: .data(content)))
        }
        let status = try await statusQuery(harness, location, total: content.count)
        #expect(status.status == 308)
        // 600 KiB arrived; Google keeps 512 KiB (two whole 256 KiB units).
        #expect(status.headers["Range"] == "bytes=0-\(512 * 1024 - 1)")

        let rest = try await putChunk(harness, location, content, from: 512 * 1024, count: content.count - 512 * 1024)
        #expect(rest.status == 200)
        let id = try #require(rest.json.string("id"))
        #expect(harness.emulator.driveFileContent(id) == content)
        #expect(rest.json.string("md5Checksum") == EmulatorTestHooks.md5(content))
    }

    @Test func unknownSessionIs404() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(
            .put, "/upload/drive/v3/files?uploadType=resumable&upload_id=nope", headers: ["Content-Range": "bytes */10"])
        #expect(response.status == 404)
    }

    @Test func largeUploadStreamsFromFile() async throws {
        let harness = try EmulatorHarness()
        let source = temporaryFileURL("large")
        defer { try? FileManager.default.removeItem(at: source) }
        let block = testBytes(1 << 20, seed: 3)
        let blocks = 16
        #expect(FileManager.default.createFile(atPath: source.path, contents: nil))
        let handle = try FileHandle(forWritingTo: source)
        for _ in 0..<blocks { try handle.write(contentsOf: block) }
        try handle.close()

        let response = try await harness.send(
            .post, "/upload/drive/v3/files?uploadType=media&fields=*", headers: ["Content-Type": "application/octet-stream"],
            body: .file(source))
        #expect(response.status == 200)
        #expect(response.json.string("size") == String(blocks << 20))
        #expect(response.json.string("md5Checksum") == EmulatorTestHooks.md5(pieces: Array(repeating: block, count: blocks)))
    }
}
