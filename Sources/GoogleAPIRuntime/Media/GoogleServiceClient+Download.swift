public import Foundation
import GoogleHTTP

// MARK: - Media download

extension GoogleServiceClient {
    /// Downloads a method's media (`alt=media`) into `file`, resuming after dropped connections.
    /// - Parameters:
    ///   - call: The method call (e.g. `files.get`).
    ///   - file: Created or replaced; written as bytes arrive.
    ///   - progress: Receives progress after each chunk.
    /// - Throws: ``GoogleAPIError``, ``GoogleAPIClientError`` or transport errors. On failure the
    ///   file holds the bytes received so far.
    public func download(_ call: APICall, to file: URL, progress: (@Sendable (MediaProgress) -> Void)? = nil) async throws {
        try await download(call, to: file, expecting: .none, progress: progress)
    }

    /// Downloads a method's media into `file` and checks the bytes against what the caller knows
    /// (e.g. the size and `md5Checksum` from the file's metadata). If the resource changes while
    /// a dropped connection is resumed, the download starts over, so `file` never mixes versions.
    /// - Parameters:
    ///   - call: The method call (e.g. `files.get`).
    ///   - file: Created or replaced; written as bytes arrive.
    ///   - expecting: The size and digest the bytes must have.
    ///   - progress: Receives progress after each chunk.
    /// - Throws: ``GoogleAPIClientError/integrityCheckFailed(_:)`` when the bytes do not match,
    ///   ``GoogleAPIClientError/resourceChanged(_:)`` when the resource keeps changing, or what
    ///   ``download(_:to:progress:)`` throws.
    public func download(
        _ call: APICall, to file: URL, expecting: MediaIntegrity, progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws {
        var download = try await startDownload(call, expecting: expecting, restartsOnChange: true)
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw GoogleAPIClientError.fileAccess(path: file.path, reason: "cannot create the file")
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: file)
        } catch {
            throw GoogleAPIClientError.fileAccess(path: file.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        var body: HTTPResponseBody.AsyncIterator?
        var generation = download.generation
        while let chunk = try await download.nextChunk(using: &body) {
            do {
                if download.generation != generation {
                    // The resource changed: what was written belongs to another version.
                    generation = download.generation
                    try handle.truncate(atOffset: 0)
                    try handle.seek(toOffset: 0)
                }
                try handle.write(contentsOf: chunk)
            } catch {
                throw GoogleAPIClientError.fileAccess(path: file.path, reason: error.localizedDescription)
            }
            progress?(MediaProgress(completedBytes: download.delivered, totalBytes: download.totalBytes))
        }
        if download.generation != generation {
            // Restarted onto an empty version.
            try? handle.truncate(atOffset: 0)
        }
    }

    /// Starts a media download and returns its bytes as an asynchronous sequence.
    /// - Parameters:
    ///   - call: The method call.
    ///   - progress: Receives progress after each chunk.
    /// - Throws: ``GoogleAPIError`` when the server refuses, before any byte is returned.
    public func downloadStream(_ call: APICall, progress: (@Sendable (MediaProgress) -> Void)? = nil) async throws -> MediaDownloadStream {
        MediaDownloadStream(download: try await startDownload(call), progress: progress)
    }

    /// Starts a media download and returns its bytes as an asynchronous sequence.
    /// - Throws: Like ``downloadStream(_:progress:)``.
    public func downloadStream(_ call: APICall) async throws -> MediaDownloadStream {
        try await downloadStream(call, progress: nil)
    }

    /// Starts a media download whose bytes are checked against `expecting`; the stream cannot
    /// take back bytes, so a resource that changes mid-download fails with
    /// ``GoogleAPIClientError/resourceChanged(_:)``.
    /// - Throws: Like ``downloadStream(_:progress:)``; the stream's iteration throws
    ///   ``GoogleAPIClientError/integrityCheckFailed(_:)`` at the end when the bytes do not match.
    public func downloadStream(
        _ call: APICall, expecting: MediaIntegrity, progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws -> MediaDownloadStream {
        MediaDownloadStream(download: try await startDownload(call, expecting: expecting), progress: progress)
    }

    private func startDownload(
        _ call: APICall, expecting: MediaIntegrity = .none, restartsOnChange: Bool = false
    ) async throws -> ResumingDownload {
        try await checkScopes(call)
        var mediaCall = call
        mediaCall.setQuery("alt", "media")
        var download = ResumingDownload(
            client: self, request: try makeRequest(mediaCall), expecting: expecting, restartsOnChange: restartsOnChange)
        download.retryPolicy = call.options.retryPolicy
        try await download.start()
        return download
    }
}
