import Foundation
import LocalHTTPServer

// MARK: - BodyChunks

/// Iterates a request body in pieces without caring whether the server streamed it.
struct BodyChunks {
    let stream: HTTPServerBodyStream?
    let buffered: Data
    private var iterator: HTTPServerBodyStream.AsyncIterator?
    private var bufferedDone = false

    init(stream: HTTPServerBodyStream?, buffered: Data) {
        self.stream = stream
        self.buffered = buffered
        self.iterator = stream?.makeAsyncIterator()
    }

    /// The next piece, `nil` at the end.
    /// - Throws: ``HTTPServerBodyError`` when the client disconnects.
    mutating func next() async throws -> Data? {
        if var streaming = iterator {
            defer { iterator = streaming }
            return try await streaming.next()
        }
        guard !bufferedDone else { return nil }
        bufferedDone = true
        return buffered.isEmpty ? nil : buffered
    }
}
