import Foundation

// MARK: - Gzip

/// Real gzip bytes, made by the system's `gzip` (in every Debian), so the transport's decoding is
/// checked against an independent encoder rather than against itself.
public enum Gzip {
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// `data` compressed by `gzip -c -n`.
    /// - Throws: ``Unavailable`` when `gzip` is missing or fails.
    public static func compress(_ data: Data) async throws -> Data {
        guard let path = ["/usr/bin/gzip", "/bin/gzip"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Unavailable(description: "gzip is not installed")
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-fixture-\(UUID().uuidString)")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try await ChildProcess.run(URL(fileURLWithPath: path), ["-c", "-n", input.path])
        guard result.status == 0, result.outputData.count > 18 else {
            throw Unavailable(description: "gzip exited \(result.status): \(result.standardError)")
        }
        return result.outputData
    }
}
