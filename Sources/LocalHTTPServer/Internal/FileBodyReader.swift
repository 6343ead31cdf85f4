import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
