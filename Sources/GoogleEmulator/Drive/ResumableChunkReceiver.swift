import Foundation
import LocalHTTPServer

// MARK: - ResumableChunkReceiver

/// Handles one `PUT` to a resumable session URI: a chunk (`Content-Range: bytes a-b/total`) or a
/// status query (`Content-Range: bytes */total`, empty body).
///
/// Answers 308 with `Range: bytes=0-N` while incomplete and 200 with the file when done. An
/// injected `.dropUploadConnection` fault closes the connection mid-chunk after keeping the
/// received bytes rounded down to 256 KiB, as Google's servers do.
struct ResumableChunkReceiver {
    let context: EmulatorContext
    let session: ResumableUploadSession
    let request: HTTPServerRequest
    let handlers: DriveUploadHandlers

    static let granularity: Int64 = 256 * 1024

    struct ContentRange: Equatable {
        /// `nil` for a status query (`bytes */total`).
        var range: ClosedRange<Int64>?
        var total: Int64?
    }

    func receive() async -> HTTPServerResponse {
        let contentRange: ContentRange
        if let header = request.headers["Content-Range"] {
            guard let parsed = Self.parseContentRange(header) else {
                return GoogleErrorResponse.badRequest("Invalid Content-Range header: \(header)")
            }
            contentRange = parsed
        } else {
            // A PUT without Content-Range carries the whole content in one go.
            let length = request.bodyStream?.declaredLength ?? Int64(request.body.count)
            contentRange = ContentRange(range: length > 0 ? 0...(length - 1) : nil, total: length)
        }

        let acquired = session.progress.withLock { progress -> Bool in
            guard !progress.busy else { return false }
            progress.busy = true
            if let total = contentRange.total { progress.declaredTotal = total }
            return true
        }
        guard acquired else {
            return GoogleErrorResponse.make(status: 409, reason: "conflict", message: "Another chunk is being uploaded to this session.")
        }
        defer { session.progress.withLock { $0.busy = false } }

        if let completed = session.progress.withLock({ $0.completedFileID }), let file = context.drive.file(completed) {
            return handlers.metadataHandlers.jsonResponse(
                context.drive.json(file), request: request, defaultFields: DriveHandlers.fileDefaultFields)
        }
        guard let range = contentRange.range else { return statusAfterChunk() }
        return await receiveChunk(range)
    }

    // MARK: - Chunk

    private func receiveChunk(_ range: ClosedRange<Int64>) async -> HTTPServerResponse {
        let received = session.received
        if let total = session.progress.withLock({ $0.declaredTotal }), range.upperBound >= total {
            return GoogleErrorResponse.badRequest("Content-Range end \(range.upperBound) is beyond the total size \(total).")
        }
        guard range.lowerBound <= received else {
            return GoogleErrorResponse.badRequest(
                "Invalid request. According to the Content-Range header, the upload offset is \(range.lowerBound) byte(s), which exceeds already uploaded size of \(received) byte(s)."
            )
        }
        let dropLimit = context.faults.takeUploadDrop(method: request.method, path: request.path)
        let chunkLength = range.upperBound - range.lowerBound + 1
        let cutAfter: Int64? = dropLimit.map { limit in limit.map(Int64.init) ?? chunkLength / 2 }

        let writer: ContentWriter
        do {
            writer = try ContentWriter(url: session.dataURL, offset: received)
        } catch {
            return DriveUploadHandlers.internalError()
        }
        // Bytes of this chunk that overlap what we already have are skipped, not rewritten.
        var toSkip = received - range.lowerBound
        var readFromChunk: Int64 = 0
        var chunks = request.bodyChunks
        var interrupted = false
        do {
            while readFromChunk < chunkLength, let piece = try await chunks.next() {
                var usable = piece.prefix(Int(min(Int64(piece.count), chunkLength - readFromChunk)))
                if let cutAfter, readFromChunk + Int64(usable.count) >= cutAfter {
                    usable = usable.prefix(Int(cutAfter - readFromChunk))
                    readFromChunk += Int64(usable.count)
                    try write(usable, skipping: &toSkip, to: writer)
                    interrupted = true
                    break
                }
                readFromChunk += Int64(usable.count)
                try write(usable, skipping: &toSkip, to: writer)
            }
        } catch is HTTPServerBodyError {
            interrupted = true
        } catch {
            return DriveUploadHandlers.internalError()
        }

        if interrupted || readFromChunk < chunkLength {
            // Keep only whole 256 KiB units past the previous state, like Google's upload servers.
            let kept = max(received, (writer.size / Self.granularity) * Self.granularity)
            try? writer.truncate(to: kept)
            session.progress.withLock { $0.received = kept }
            if cutAfter != nil {
                return FaultyResponse.noResponse()
            }
            return GoogleErrorResponse.badRequest("Incomplete chunk: Content-Range promised \(chunkLength) bytes.")
        }
        session.progress.withLock { $0.received = writer.size }
        return statusAfterChunk()
    }

    private func write(_ piece: Data, skipping toSkip: inout Int64, to writer: ContentWriter) throws {
        guard toSkip < Int64(piece.count) else {
            toSkip -= Int64(piece.count)
            return
        }
        try writer.write(piece.dropFirst(Int(toSkip)))
        toSkip = 0
    }

    // MARK: - Status

    private func statusAfterChunk() -> HTTPServerResponse {
        let (received, total) = session.progress.withLock { ($0.received, $0.declaredTotal) }
        if let total, received >= total {
            return handlers.completeSession(session, request: request)
        }
        var response = HTTPServerResponse(status: 308)
        if received > 0 { response.headers["Range"] = "bytes=0-\(received - 1)" }
        response.headers["X-GUploader-UploadID"] = session.id
        return response
    }

    /// `bytes a-b/total`, `bytes a-b/*`, `bytes */total`, `bytes */*`.
    static func parseContentRange(_ header: String) -> ContentRange? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        var total: Int64?
        if halves[1] != "*" {
            guard let value = Int64(halves[1]), value >= 0 else { return nil }
            total = value
        }
        if halves[0] == "*" { return ContentRange(range: nil, total: total) }
        let bounds = halves[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first else {
            return nil
        }
        if let total, last >= total { return nil }
        // `last + 1` (the length and the next offset) must be representable.
        guard last < Int64.max else { return nil }
        return ContentRange(range: first...last, total: total)
    }
}
