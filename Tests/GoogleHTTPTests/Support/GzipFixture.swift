import Foundation

// MARK: - GzipFixture

/// Real gzip bytes, made by the system's `gzip` (in every Debian), so the transport's decoding
/// is checked against an independent encoder rather than against itself.
enum GzipFixture {
    struct Unavailable: Error {}

    /// `data` compressed by `gzip -c -n`.
    /// - Throws: ``Unavailable`` when `gzip` is missing or fails.
    static func compress(_ data: Data) throws -> Data {
        guard let path = ["/usr/bin/gzip", "/bin/gzip"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Unavailable()
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-fixture-\(UUID().uuidString)")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", "-n", input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, compressed.count > 18 else { throw Unavailable() }
        return compressed
    }

    /// A JSON document of about `count` bytes that compresses well, like an API listing.
    static func jsonListing(count: Int) -> Data {
        var text = #"{"kind":"drive#fileList","files":["#
        var index = 0
        while text.utf8.count < count {
            if index > 0 { text += "," }
            text += #"{"kind":"drive#file","id":"file-\#(index)","name":"Report \#(index).pdf","mimeType":"application/pdf"}"#
            index += 1
        }
        return Data((text + "]}").utf8)
    }
}
