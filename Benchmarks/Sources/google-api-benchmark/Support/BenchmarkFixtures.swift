import Foundation

// MARK: - BenchmarkFixtures

/// The files the benchmark server serves, written to a temporary directory.
enum BenchmarkFixtures {
    static let jsonName = "files.json"
    static let largeName = "large.bin"

    /// A `drive#fileList` response of about 18 KB, shaped like what Drive returns for
    /// `files.list` with common fields, so decode benchmarks can use it as well.
    static func fileListJSON() -> Data {
        var files: [String] = []
        var index = 0
        while files.joined(separator: ",").utf8.count < 17_800 {
            files.append(
                """
                {"kind":"drive#file","id":"1a2B3c4D5e6F7g8H9i0JkLmNoPqRsT\(index)","name":"Quarterly report \(index).pdf",\
                "mimeType":"application/pdf","parents":["0AbCdEfGhIjKlMnOpQ"],"size":"\(104_857 + index * 977)",\
                "createdTime":"2024-03-0\(index % 9 + 1)T10:15:30.000Z","modifiedTime":"2024-04-1\(index % 9)T08:00:00.000Z",\
                "starred":\(index % 3 == 0),"trashed":false,"md5Checksum":"9e107d9d372bb6826bd81d3542a419d\(index % 10)"}
                """)
            index += 1
        }
        let document = """
            {"kind":"drive#fileList","nextPageToken":"~!!~AI9FV7Q8xyz","incompleteSearch":false,"files":[\(files.joined(separator: ","))]}
            """
        return Data(document.utf8)
    }

    /// Writes `size` bytes of non-repeating-looking data to `url` in 4 MiB pieces.
    static func writeLargeFile(to url: URL, size: Int64) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o644]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var piece = Data(count: 4 << 20)
        piece.withUnsafeMutableBytes { bytes in
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for index in stride(from: 0, to: bytes.count, by: 8) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.storeBytes(of: state, toByteOffset: index, as: UInt64.self)
            }
        }
        var written: Int64 = 0
        while written < size {
            let count = Int(min(Int64(piece.count), size - written))
            try handle.write(contentsOf: count == piece.count ? piece : piece.prefix(count))
            written += Int64(count)
        }
    }
}
