import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Synchronization

/// A scripted resumable-upload endpoint that stores sessions in files and, for the chunk PUTs
/// listed in `interruptChunks`, keeps only part of the chunk and drops the connection.
final class ResumableUploadServerState: Sendable {
    struct Session {
        var file: URL
        var total: Int64
        var received: Int64
        var contentType: String
    }

    let directory: URL
    private let sessions = Mutex<[String: Session]>([:])
    private let chunkPuts = Mutex(0)
    let interruptChunks: Set<Int>
    let statusQueries = Recorder<Int64>()
    let interruptions = Recorder<Int64>()

    init(directory: URL, interruptChunks: Set<Int>) {
        self.directory = directory
        self.interruptChunks = interruptChunks
    }

    func register(_ router: inout HTTPRouter, oauth: OAuthEmulator) {
        router.post("/upload/drive/v3/files") { request, _ in
            if let denied = requireToken(oauth, request) { return denied }
            guard request.queryValue("uploadType") == "resumable",
                let total = request.headers["X-Upload-Content-Length"].flatMap(Int64.init)
            else { return .text("bad start", status: 400) }
            let id = UUID().uuidString
            let file = self.directory.appendingPathComponent("upload-\(id)")
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            self.sessions.withLock {
                $0[id] = Session(file: file, total: total, received: 0, contentType: request.headers["X-Upload-Content-Type"] ?? "")
            }
            let host = request.headers["Host"] ?? "127.0.0.1"
            var response = HTTPServerResponse.json(Data("{}".utf8))
            response.headers["Location"] = "http://\(host)/upload/drive/v3/files?uploadType=resumable&upload_id=\(id)"
            return response
        }
        router.put("/upload/drive/v3/files") { request, _ in
            guard let id = request.queryValue("upload_id"), var session = self.sessions.withLock({ $0[id] }) else {
                return .json(Data(#"{"error":{"code":404,"message":"No such upload"}}"#.utf8), status: 404)
            }
            let range = request.headers["Content-Range"] ?? ""
            if range.hasPrefix("bytes */") {
                self.statusQueries.append(session.received)
                return self.statusResponse(session, id: id)
            }
            guard let parsed = ContentRangeHeader(range), parsed.first <= session.received else {
                return .text("bad range \(range)", status: 400)
            }
            let chunkNumber = self.chunkPuts.withLock { value in
                value += 1
                return value
            }
            var usable = request.body.dropFirst(Int(session.received - parsed.first))
            var interrupted = false
            if self.interruptChunks.contains(chunkNumber), usable.count > 1 {
                usable = usable.prefix(Int.random(in: 1..<usable.count))
                interrupted = true
            }
            if !usable.isEmpty, let handle = try? FileHandle(forWritingTo: session.file) {
                try? handle.seek(toOffset: UInt64(session.received))
                try? handle.write(contentsOf: usable)
                try? handle.close()
            }
            session.received += Int64(usable.count)
            self.sessions.withLock { $0[id] = session }
            if interrupted {
                self.interruptions.append(session.received)
                // Drop the connection mid-response (a response with no bytes at all would make
                // curl transparently retry on a fresh connection, hiding the failure).
                return FaultyResponse.cut(HTTPServerResponse(status: 200, body: .data(Data(count: 64))), afterBodyBytes: 8)
            }
            return self.statusResponse(session, id: id)
        }
    }

    private func statusResponse(_ session: Session, id: String) -> HTTPServerResponse {
        if session.received >= session.total {
            return .json(
                Data(#"{"kind":"drive#file","id":"\#(id)","size":"\#(session.received)","mimeType":"\#(session.contentType)"}"#.utf8))
        }
        var response = HTTPServerResponse(status: 308)
        if session.received > 0 { response.headers["Range"] = "bytes=0-\(session.received - 1)" }
        return response
    }

    func storedFile(id: String) -> URL? { sessions.withLock { $0[id]?.file } }
}

/// A media download endpoint with `Range` support that drops the first `interruptions`
/// transfers after a random number of bytes; `ignoreRange` answers every request with 200.
func registerDownloadRoute(
    _ router: inout HTTPRouter, oauth: OAuthEmulator, file: URL, size: Int64, interruptions: Int, ignoreRange: Bool = false,
    requests: Recorder<String>
) {
    let remaining = Mutex(interruptions)
    router.get("/drive/v3/files/{fileId}") { request, _ in
        if let denied = requireToken(oauth, request) { return denied }
        guard request.queryValue("alt") == "media" else { return .text("expected alt=media", status: 400) }
        requests.append(request.headers["Range"] ?? "none")
        var start: Int64 = 0
        var status = 200
        var headers: GoogleHTTPHeaders = ["Content-Type": "application/octet-stream", "ETag": "\"v1\""]
        if !ignoreRange, let range = request.headers["Range"], range.hasPrefix("bytes="), range.hasSuffix("-"),
            let first = Int64(range.dropFirst(6).dropLast())
        {
            start = first
            status = 206
            headers["Content-Range"] = "bytes \(first)-\(size - 1)/\(size)"
        }
        headers["Content-Length"] = String(size - start)
        let drop = remaining.withLock { value -> Bool in
            guard value > 0 else { return false }
            value -= 1
            return true
        }
        let response = HTTPServerResponse(status: status, headers: headers, body: .file(file, range: start..<size))
        guard drop else { return response }
        return FaultyResponse.cut(response, afterBodyBytes: Int.random(in: 1..<Int(min(size - start, 24 << 20))))
    }
}

/// `bytes first-last/total`.
struct ContentRangeHeader {
    var first: Int64
    var last: Int64
    var total: Int64

    init?(_ text: String) {
        guard text.hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst(6).split(separator: "/")
        let bounds = parts.first?.split(separator: "-") ?? []
        guard parts.count == 2, bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]),
            let total = Int64(parts[1])
        else { return nil }
        self.first = first
        self.last = last
        self.total = total
    }
}
