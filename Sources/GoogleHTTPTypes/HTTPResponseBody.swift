import Foundation

// MARK: - HTTPResponseBody

/// A response body delivered as chunks, in order. Iterate it once.
///
/// The transport pauses the transfer while chunks are waiting to be consumed, so a slow consumer
/// holds back the network instead of filling memory. Dropping the sequence (or cancelling the task
/// that iterates it) aborts the transfer.
public struct HTTPResponseBody: AsyncSequence, Sendable {
    public typealias Element = Data

    public struct AsyncIterator: AsyncIteratorProtocol {
        let nextChunk: @Sendable () async throws -> Data?

        public mutating func next() async throws -> Data? {
            try await nextChunk()
        }
    }

    let makeIterator: @Sendable () -> AsyncIterator

    /// Creates a body from a function that returns the next chunk, or `nil` at the end: what a
    /// transport's ``HTTPTransport/stream(_:)`` returns.
    ///
    /// `nextChunk` is called again only after the previous call returned, by one iterator; it
    /// should wait (without blocking a thread) while nothing has arrived, return the bytes that
    /// have, and throw ``HTTPTransportError`` when the transfer fails. Keep at most a bounded
    /// amount unread and pause the transfer past it: that is the back-pressure the sequence promises.
    /// - Parameter nextChunk: The next bytes of the body, never empty, or `nil` at its end.
    public init(nextChunk: @escaping @Sendable () async throws -> Data?) {
        self.makeIterator = { AsyncIterator(nextChunk: nextChunk) }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        makeIterator()
    }

    /// Reads at most the first `maxBytes` bytes and stops there, leaving the rest unread (for an
    /// error body: dropping the sequence then aborts the transfer), instead of reading the whole
    /// body and cutting it.
    /// - Parameter maxBytes: How many bytes to keep.
    /// - Throws: What the body throws before `maxBytes` arrived.
    package func prefix(maxBytes: Int) async throws -> Data {
        var result = Data()
        var iterator = makeAsyncIterator()
        while result.count < maxBytes, let chunk = try await iterator.next() {
            result.append(chunk.prefix(maxBytes - result.count))
        }
        return result
    }

    /// Reads the remaining chunks into one `Data`.
    /// - Parameter maxBytes: Throws ``HTTPTransportError`` of kind `.responseBodyFailed` past this size.
    public func collect(upTo maxBytes: Int = .max) async throws -> Data {
        var result = Data()
        for try await chunk in self {
            guard result.count + chunk.count <= maxBytes else {
                throw HTTPTransportError(
                    kind: .responseBodyFailed, url: URL(string: "about:blank")!,
                    message: "response body exceeds \(maxBytes) bytes")
            }
            result.append(chunk)
        }
        return result
    }
}
