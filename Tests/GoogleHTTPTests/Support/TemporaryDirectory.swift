import Foundation

// MARK: - TemporaryDirectory

/// A directory unique to one test, removed when the value is released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("google-http-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `count` bytes of the test pattern to `name` without holding them in memory.
    func patternFile(_ name: String, count: Int64) throws -> URL {
        let fileURL = file(name)
        _ = FileManager.default.createFile(atPath: fileURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: fileURL)
        defer { try? handle.close() }
        var offset: Int64 = 0
        while offset < count {
            let size = Int(min(Int64(4 << 20), count - offset))
            try handle.write(contentsOf: TestPattern.data(offset: offset, count: size))
            offset += Int64(size)
        }
        return fileURL
    }
}
