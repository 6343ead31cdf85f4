import Foundation
import GoogleHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - BodySource

/// A response body as a sequence of pieces pulled by the connection thread.
enum BodySource {
    case data(Data)
    case file(FileBodyReader)
    case stream(StreamPuller<HTTPBodyStream>, declaredLength: Int64?)

    static func make(for body: HTTPServerResponse.Body, headers: HTTPHeaders) -> Result<BodySource, FailureMessage> {
        switch body {
        case .data(let data):
            return .success(.data(data))
        case .file(let url, let range):
            guard let reader = FileBodyReader(url: url, range: range) else {
                return .failure(FailureMessage("cannot read the response file"))
            }
            return .success(.file(reader))
        case .stream(let stream):
            let declared = headers["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
            return .success(.stream(StreamPuller(stream), declaredLength: declared))
        }
    }

    /// The body length when known up front.
    var length: Int64? {
        switch self {
        case .data(let data): Int64(data.count)
        case .file(let reader): reader.length
        case .stream(_, let declared): declared
        }
    }

    /// The next piece, `nil` at the end.
    func nextPiece() -> Result<Data?, any Error> {
        switch self {
        case .data(let data):
            // `.data` is only written here when a fault paces or cuts it; one piece is enough.
            return .success(data.isEmpty ? nil : data)
        case .file(let reader):
            return reader.next()
        case .stream(let puller, _):
            return puller.pull()
        }
    }
}

extension BodySource {
    struct FailureMessage: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

// MARK: - FileBodyReader

/// Reads a file region in fixed-size pieces with `pread`, so large files are never loaded whole.
final class FileBodyReader {
    private let fd: Int32
    private var offset: Int64
    private let end: Int64
    private var dataConsumed = false
    let length: Int64
    private static let pieceSize = 256 * 1024

    init?(url: URL, range: Range<Int64>?) {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return nil
        }
        let size = Int64(info.st_size)
        let lower = min(max(0, range?.lowerBound ?? 0), size)
        let upper = min(max(lower, range?.upperBound ?? size), size)
        self.fd = fd
        self.offset = lower
        self.end = upper
        self.length = upper - lower
    }

    deinit {
        close(fd)
    }

    func next() -> Result<Data?, any Error> {
        guard offset < end else { return .success(nil) }
        let count = Int(min(Int64(Self.pieceSize), end - offset))
        var piece = Data(count: count)
        let read = piece.withUnsafeMutableBytes { raw in pread(fd, raw.baseAddress, count, off_t(offset)) }
        guard read > 0 else {
            return .failure(SocketError.failed(read == 0 ? EIO : errno))
        }
        offset += Int64(read)
        if read < count { piece.removeSubrange(read..<count) }
        return .success(piece)
    }
}
