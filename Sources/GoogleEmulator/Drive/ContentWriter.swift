import Foundation
import GoogleBase

// MARK: - ContentWriter

/// Appends bytes to a content file while computing their MD5.
final class ContentWriter {
    let url: URL
    private let handle: FileHandle
    private var digest = ContentMD5()
    private(set) var size: Int64 = 0

    /// Opens `url` for writing at `offset` (creating the file), truncating anything after it.
    init(url: URL, offset: Int64 = 0) throws {
        if !FileManager.default.fileExists(atPath: url.path) {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        }
        self.url = url
        self.handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(offset))
        try handle.seek(toOffset: UInt64(offset))
        self.size = offset
    }

    deinit {
        try? handle.close()
    }

    func write(_ data: Data) throws {
        try handle.write(contentsOf: data)
        digest.update(data)
        size += Int64(data.count)
    }

    /// Cuts the file back to `length` bytes (the digest is then invalid; only for sessions).
    func truncate(to length: Int64) throws {
        try handle.truncate(atOffset: UInt64(length))
        size = length
    }

    func finish() throws -> StoredContent {
        try handle.synchronize()
        return StoredContent(url: url, size: size, md5: digest.finalizeHex())
    }

    /// The MD5 of a whole file, read back in pieces.
    static func md5(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var digest = ContentMD5()
        while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
            digest.update(piece)
        }
        return digest.finalizeHex()
    }
}
