import Foundation
import GoogleBase
import LocalHTTPServer

// MARK: - ShapedBody

/// A response body re-sent as a stream that can pause between pieces and fail after a number of
/// bytes, for ``FaultyResponse``.
///
/// The server pulls it from the connection's thread (its response streams run there), so reading
/// a `.file` source with plain file reads blocks that dedicated thread, never a cooperative one.
struct ShapedBody: AsyncSequence, Sendable {
    typealias Element = Data

    /// Where the bytes come from.
    enum Source: Sendable {
        case data(Data)
        case file(URL, range: Range<Int64>)
        case stream(HTTPBodyStream)

        /// `nil` for a file that cannot be measured (the server's own 500 is the better answer).
        init?(_ body: HTTPServerResponse.Body) {
            switch body {
            case .data(let data):
                self = .data(data)
            case .file(let url, let range):
                if let range {
                    self = .file(url, range: range)
                } else {
                    guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber else {
                        return nil
                    }
                    self = .file(url, range: 0..<size.int64Value)
                }
            case .stream(let stream):
                self = .stream(stream)
            }
        }

        /// The whole body's length when known without reading it.
        var length: Int64? {
            switch self {
            case .data(let data): Int64(data.count)
            case .file(_, let range): Int64(range.count)
            case .stream: nil
            }
        }
    }

    struct Pacing: Sendable {
        var chunkSize: Int
        var delay: Duration
    }

    /// What the stream throws where a scripted fault cuts the body; the server then closes the
    /// connection without finishing the response.
    struct Cut: Error, CustomStringConvertible {
        var description: String { "the emulator cut the response body (scripted fault)" }
    }

    let source: Source
    /// Bytes to send before failing; `nil` never fails.
    let cutAfter: Int64?
    let pacing: Pacing?

    func makeAsyncIterator() -> Iterator {
        Iterator(body: self)
    }

    // MARK: - Iterator

    struct Iterator: AsyncIteratorProtocol {
        private let body: ShapedBody
        private var reader: PieceReader
        private var pending = Data()
        /// How much of `pending` has been returned.
        private var used = 0
        private var sent: Int64 = 0

        init(body: ShapedBody) {
            self.body = body
            self.reader = PieceReader(body.source)
        }

        mutating func next() async throws -> Data? {
            if let cutAfter = body.cutAfter, sent >= cutAfter { throw Cut() }
            while used >= pending.count {
                guard let piece = try await reader.next() else { return nil }
                pending = piece
                used = 0
            }
            var count = pending.count - used
            if let pacing = body.pacing { count = Swift.min(count, pacing.chunkSize) }
            if let cutAfter = body.cutAfter { count = Int(Swift.min(Int64(count), cutAfter - sent)) }
            if let pacing = body.pacing, sent > 0 { await OffPoolTimer.sleep(for: pacing.delay) }
            let start = pending.startIndex + used
            used += count
            sent += Int64(count)
            return pending.subdata(in: start..<(start + count))
        }
    }

    // MARK: - PieceReader

    /// Pieces of the original body, in order.
    private struct PieceReader {
        private static let fileBlock = 256 * 1024
        private var data: Data?
        private var file: (handle: FileHandle?, url: URL, next: Int64, end: Int64)?
        private var stream: HTTPBodyStream.AsyncIterator?

        init(_ source: Source) {
            switch source {
            case .data(let data): self.data = data
            case .file(let url, let range): self.file = (nil, url, range.lowerBound, range.upperBound)
            case .stream(let stream): self.stream = stream.makeAsyncIterator()
            }
        }

        mutating func next() async throws -> Data? {
            if data != nil {
                defer { data = nil }
                return data?.isEmpty == false ? data : nil
            }
            if var current = file {
                guard current.next < current.end else { return nil }
                let handle = try current.handle ?? FileHandle(forReadingFrom: current.url)
                if current.handle == nil { try handle.seek(toOffset: UInt64(current.next)) }
                current.handle = handle
                let count = Int(Swift.min(Int64(Self.fileBlock), current.end - current.next))
                guard let piece = try handle.read(upToCount: count), !piece.isEmpty else {
                    // The file shrank: the server closes the connection short of the declared length.
                    return nil
                }
                current.next += Int64(piece.count)
                file = current
                return piece
            }
            return try await stream?.next()
        }
    }
}
