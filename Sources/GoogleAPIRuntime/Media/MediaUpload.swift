public import Foundation
import GoogleHTTP

// MARK: - MediaUpload

/// Media to upload with a call: where the bytes come from, their type, the upload protocol and a
/// progress callback.
public struct MediaUpload: Sendable {
    public enum Source: Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file, streamed from disk (memory use stays flat whatever its size).
        case file(URL)
    }

    /// Which of Google's upload protocols to use.
    public enum Strategy: Sendable, Hashable {
        /// Simple for small media without metadata, multipart for small media with metadata,
        /// resumable from ``MediaConfiguration/resumableThreshold`` (5 MiB) up.
        case automatic
        /// `uploadType=media`: the bytes only, no metadata.
        case simple
        /// `uploadType=multipart`: JSON metadata and the bytes in one `multipart/related` request.
        case multipart
        /// `uploadType=resumable`: a session URI, then chunks of `chunkSize` (rounded down to a
        /// multiple of 256 KiB) that survive dropped connections.
        case resumable(chunkSize: Int = 8 << 20)
    }

    public var source: Source
    public var contentType: String
    public var strategy: Strategy
    /// Called as bytes are sent; from the transport's thread, so keep it cheap.
    public var progress: (@Sendable (MediaProgress) -> Void)?
    /// A saved session to continue instead of starting a new upload (the resumable protocol is
    /// then used whatever ``strategy`` says). The call's parameters and metadata went with the
    /// session's start and are not sent again.
    public var resumableSession: ResumableUploadSession?
    /// Receives the resumable session when it starts and whenever the server confirms more
    /// bytes, so the caller can persist it; awaited before the upload continues, and an error
    /// it throws stops the upload.
    public var sessionDidChange: (@Sendable (ResumableUploadSession) async throws -> Void)?
    /// Whether a ``resumableSession`` that cannot be resumed — the server no longer knows it
    /// (``GoogleAPIClientError/Code/uploadSessionExpired``) or the file is not the one it was
    /// started with (``GoogleAPIClientError/Code/uploadSourceChanged``) — is replaced by a new
    /// upload from byte 0 instead of failing. The call's metadata is sent with the new session
    /// (so pass it when resuming too), which ``sessionDidChange`` receives, replacing the stale
    /// one wherever it was saved.
    public var restartsStaleSession = false
    /// Called with the reason before a stale session is replaced (see ``restartsStaleSession``),
    /// e.g. to tell the user; an error it throws stops the upload.
    public var sessionWillRestart: (@Sendable (GoogleAPIClientError) async throws -> Void)?

    /// - Parameters:
    ///   - source: The bytes to upload.
    ///   - contentType: The media's MIME type, e.g. `video/mp4`.
    ///   - strategy: The upload protocol; `.automatic` picks one by size and metadata.
    ///   - progress: Receives progress as bytes are sent.
    public init(
        _ source: Source, contentType: String, strategy: Strategy = .automatic,
        progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) {
        self.source = source
        self.contentType = contentType
        self.strategy = strategy
        self.progress = progress
    }

    // MARK: - Bytes

    /// The media's size in bytes.
    /// - Throws: ``GoogleAPIClientError/Code/fileAccess`` when the file cannot be read.
    public func byteCount() throws(GoogleAPIClientError) -> Int64 {
        switch source {
        case .data(let data):
            return Int64(data.count)
        case .file(let url):
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                guard let size = attributes[.size] as? NSNumber else {
                    throw GoogleAPIClientError.fileAccess(path: url.path, reason: "size unknown")
                }
                return size.int64Value
            } catch let error as GoogleAPIClientError {
                throw error
            } catch {
                throw .fileAccess(path: url.path, reason: error.localizedDescription)
            }
        }
    }

    /// A request body of `length` bytes starting at `offset` (streamed from disk for files).
    func body(offset: Int64 = 0, length: Int64? = nil) -> HTTPRequestBody {
        switch source {
        case .data(let data):
            let start = data.startIndex + Int(offset)
            let end = length.map { start + Int($0) } ?? data.endIndex
            return .data(offset == 0 && end == data.endIndex ? data : data.subdata(in: start..<end))
        case .file(let url):
            return .file(url, offset: offset, length: length)
        }
    }
}

// MARK: - MediaProgress

/// Bytes of media transferred so far.
public struct MediaProgress: Sendable, Hashable {
    public var completedBytes: Int64
    /// `nil` while the size is unknown.
    public var totalBytes: Int64?

    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// Completion between 0 and 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return Double(completedBytes) / Double(totalBytes)
    }
}
