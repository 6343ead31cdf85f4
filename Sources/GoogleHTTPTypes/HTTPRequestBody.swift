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
///
/// Iterating pulls straight from the wrapped sequence, one chunk per `next()`, so a slow reader
/// (a paused upload) holds the producer back instead of letting chunks pile up in memory.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    private let makeNext: @Sendable () -> @Sendable () async throws -> Data?

    /// Wraps any sendable sequence of `Data` chunks.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        self.makeNext = {
            let box = IteratorBox(chunks.makeAsyncIterator())
            return { try await box.next() }
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let nextChunk: @Sendable () async throws -> Data?

        public mutating func next() async throws -> Data? {
            try await nextChunk()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(nextChunk: makeNext())
    }
}

// MARK: - IteratorBox

/// Holds one iterator so a `@Sendable` closure can advance it. An iterator is used by one task at
/// a time (the contract of `AsyncIteratorProtocol`), which is what makes the unchecked conformance
/// sound.
private final class IteratorBox<Base: AsyncIteratorProtocol>: @unchecked Sendable where Base.Element == Data {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() async throws -> Data? {
        try await base.next()
    }
}
