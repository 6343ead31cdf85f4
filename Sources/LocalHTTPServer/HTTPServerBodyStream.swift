import Foundation

// MARK: - HTTPServerBodyStream

/// A request body delivered in pieces as the client sends it, for routes that must not buffer
/// (for example a 256 MiB upload).
///
/// The server reads from the socket only when the handler asks for the next piece, so a slow
/// consumer slows the client down instead of filling memory. Iterate it once, from one task at a
/// time. The server produces a stream instead of ``HTTPServerRequest/body`` when
/// ``LocalHTTPServer/Configuration/streamRequestBody`` returns `true` for the request; then
/// `body` is empty. Read it before the handler returns: afterwards the stream fails with
/// ``HTTPServerBodyError/Kind/handlerFinished`` (a response `.stream` cannot read it lazily).
/// Pieces a handler leaves unread are drained (small remainders) or the connection is closed after
/// the response.
public struct HTTPServerBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    let channel: RequestBodyChannel
    /// The `Content-Length` the client declared, or `nil` for a chunked body.
    public let declaredLength: Int64?

    public struct AsyncIterator: AsyncIteratorProtocol {
        let channel: RequestBodyChannel

        /// - Throws: ``HTTPServerBodyError`` when the connection fails or the framing is invalid.
        public mutating func next() async throws -> Data? {
            try await channel.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(channel: channel)
    }

    /// Reads the rest of the body into memory.
    /// - Parameter maxBytes: Fails with ``HTTPServerBodyError/Kind/tooLarge`` past this many bytes.
    /// - Throws: ``HTTPServerBodyError``.
    public func collect(upTo maxBytes: Int) async throws -> Data {
        var result = Data()
        for try await piece in self {
            guard result.count + piece.count <= maxBytes else {
                throw HTTPServerBodyError(kind: .tooLarge, message: "request body exceeds \(maxBytes) bytes")
            }
            result.append(piece)
        }
        return result
    }
}
