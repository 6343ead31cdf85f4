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
        var download = try await startDownload(call)
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
        while let chunk = try await download.nextChunk(using: &body) {
            do {
                try handle.write(contentsOf: chunk)
            } catch {
                throw GoogleAPIClientError.fileAccess(path: file.path, reason: error.localizedDescription)
            }
            progress?(MediaProgress(completedBytes: download.delivered, totalBytes: download.totalBytes))
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

    private func startDownload(_ call: APICall) async throws -> ResumingDownload {
        try await checkScopes(call)
        var mediaCall = call
        mediaCall.setQuery("alt", "media")
        var download = ResumingDownload(client: self, request: try makeRequest(mediaCall))
        try await download.start()
        return download
    }
}
