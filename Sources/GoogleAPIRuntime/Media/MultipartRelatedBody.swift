import Foundation
import GoogleHTTP

// MARK: - MultipartRelatedBody

/// A `multipart/related` body of JSON metadata and media (Google's `uploadType=multipart`).
///
/// File media is streamed from disk between the in-memory head and tail, so memory stays flat.
struct MultipartRelatedBody: Sendable {
    let boundary: String
    let head: Data
    let tail: Data
    let media: MediaUpload
    let mediaLength: Int64

    /// - Throws: ``GoogleAPIClientError`` when the media cannot be read.
    init(metadata: Data?, media: MediaUpload) throws(GoogleAPIClientError) {
        self.media = media
        try HeaderFieldCheck.validate(name: "Content-Type", value: media.contentType)
        mediaLength = try media.byteCount()
        var boundary = Self.randomBoundary()
        while try Self.media(media, contains: Data(boundary.utf8)) || (metadata.map { $0.range(of: Data(boundary.utf8)) != nil } ?? false) {
            boundary = Self.randomBoundary()
        }
        self.boundary = boundary
        var head = Data()
        head.append(Data("--\(boundary)\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n".utf8))
        head.append(metadata ?? Data("{}".utf8))
        head.append(Data("\r\n--\(boundary)\r\nContent-Type: \(media.contentType)\r\n\r\n".utf8))
        self.head = head
        self.tail = Data("\r\n--\(boundary)--\r\n".utf8)
    }

    var contentType: String { "multipart/related; boundary=\(boundary)" }
    var length: Int64 { Int64(head.count) + mediaLength + Int64(tail.count) }

    /// A fresh request body (streams cannot be replayed, so each send needs a new one).
    func makeBody() -> HTTPRequestBody {
        switch media.source {
        case .data(let data):
            return .data(head + data + tail)
        case .file(let url):
            let chunks = FileChunkSequence(url: url, offset: 0, length: mediaLength, prefix: head, suffix: tail)
            return .stream(HTTPBodyStream(chunks), length: length)
        }
    }

    // MARK: - Boundary

    static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
        return "google_api_swift_\(random)"
    }

    /// Whether the media bytes contain `needle`, reading files in overlapping blocks.
    static func media(_ media: MediaUpload, contains needle: Data) throws(GoogleAPIClientError) -> Bool {
        switch media.source {
        case .data(let data):
            return data.range(of: needle) != nil
        case .file(let url):
            guard let handle = try? FileHandle(forReadingFrom: url) else {
                throw .fileAccess(path: url.path, reason: "cannot open for reading")
            }
            defer { try? handle.close() }
            var carry = Data()
            while true {
                let block: Data
                do {
                    guard let next = try handle.read(upToCount: 1 << 20), !next.isEmpty else { return false }
                    block = next
                } catch {
                    throw .fileAccess(path: url.path, reason: error.localizedDescription)
                }
                let window = carry + block
                if window.range(of: needle) != nil { return true }
                carry = window.suffix(needle.count - 1)
            }
        }
    }
}

// MARK: - FileChunkSequence

/// Reads `length` bytes of a file from `offset` in blocks, optionally framed by a prefix and a
/// suffix; one block is in memory at a time.
struct FileChunkSequence: AsyncSequence, Sendable {
    typealias Element = Data

    let url: URL
    let offset: Int64
    let length: Int64
    var prefix = Data()
    var suffix = Data()
    var blockSize = 256 << 10

    struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: FileChunkSequence
        var handle: FileHandle?
        var remaining: Int64
        var sentPrefix = false
        var sentSuffix = false

        mutating func next() async throws -> Data? {
            if !sentPrefix {
                sentPrefix = true
                if !sequence.prefix.isEmpty { return sequence.prefix }
            }
            if remaining > 0 {
                if handle == nil {
                    let opened = try FileHandle(forReadingFrom: sequence.url)
                    try opened.seek(toOffset: UInt64(sequence.offset))
                    handle = opened
                }
                let count = Int(Swift.min(Int64(sequence.blockSize), remaining))
                guard let block = try handle?.read(upToCount: count), !block.isEmpty else {
                    throw GoogleAPIClientError.fileAccess(path: sequence.url.path, reason: "file ended early")
                }
                remaining -= Int64(block.count)
                if remaining == 0 { try? handle?.close() }
                return block
            }
            if !sentSuffix {
                sentSuffix = true
                if !sequence.suffix.isEmpty { return sequence.suffix }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self, remaining: length)
    }
}
