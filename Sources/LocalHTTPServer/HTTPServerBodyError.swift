// MARK: - HTTPServerBodyError

/// Why a streamed request body could not be read to its end.
public struct HTTPServerBodyError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The client closed or reset the connection before the body ended.
        case connectionClosed
        /// The client stopped sending for longer than the server's read timeout.
        case timedOut
        /// Chunked transfer coding was invalid.
        case malformed
        /// More bytes than the reader accepts.
        case tooLarge
        /// The handler already returned; the stream can no longer be read.
        case handlerFinished
        /// Two tasks tried to read at once.
        case concurrentRead
    }

    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "HTTPServerBodyError(\(kind)): \(message)" }
}
