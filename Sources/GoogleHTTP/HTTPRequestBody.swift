import Foundation

// MARK: - HTTPRequestBody

/// Where a request's body comes from. Large bodies stream from a file or a sequence of chunks so
/// they never have to sit in memory whole.
public enum HTTPRequestBody: Sendable {
    case empty
    case data(Data)
    /// `length` bytes of the file starting at `offset` (to the end of the file when `nil`).
    case file(URL, offset: Int64 = 0, length: Int64? = nil)
    /// Chunks produced on demand; `length` is sent as `Content-Length` when known, otherwise the
    /// body is sent with chunked transfer encoding.
    case stream(HTTPBodyStream, length: Int64?)

    /// Whether the same bytes can be sent again (after a 401 or a retry). A stream cannot.
    public var isReplayable: Bool {
        switch self {
        case .empty, .data, .file: true
        case .stream: false
        }
    }

    /// The body's length when it is known without reading it.
    public var knownLength: Int64? {
        switch self {
        case .empty:
            return 0
        case .data(let data):
            return Int64(data.count)
        case .file(let url, let offset, let length):
            if let length { return length }
            guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber else {
                return nil
            }
            return max(0, size.int64Value - offset)
        case .stream(_, let length):
            return length
        }
    }
}

// MARK: - HTTPBodyStream

/// A type-erased, sendable asynchronous sequence of body chunks.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    private let makeStream: @Sendable () -> AsyncThrowingStream<Data, any Error>

    /// Wraps any sendable sequence of `Data` chunks.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        self.makeStream = {
            AsyncThrowingStream<Data, any Error> { continuation in
                let task = Task {
                    do {
                        for try await chunk in chunks {
                            continuation.yield(chunk)
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Data, any Error>.AsyncIterator

        public mutating func next() async throws -> Data? {
            try await base.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: makeStream().makeAsyncIterator())
    }
}
