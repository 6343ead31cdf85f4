public import Foundation
import GoogleBase
import GoogleHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Media download

extension GoogleServiceClient {
    /// Downloads a method's media (`alt=media`) into `file`, resuming after dropped connections.
    ///
    /// `file` receives the whole media or nothing: see ``download(_:to:expecting:keepingPartial:progress:)``.
    /// - Parameters:
    ///   - call: The method call (e.g. `files.get`).
    ///   - file: Replaced once every byte arrived (written in place when it is a special file).
    ///   - progress: Receives progress after each chunk.
    /// - Throws: ``GoogleAPIError``, ``GoogleAPIClientError`` or transport errors; `file` is then
    ///   as it was before.
    public func download(_ call: APICall, to file: URL, progress: (@Sendable (MediaProgress) -> Void)? = nil) async throws {
        try await download(call, to: file, expecting: .none, keepingPartial: false, progress: progress)
    }

    /// Downloads a method's media into `file` and checks the bytes against what the caller knows
    /// (e.g. the size and `md5Checksum` from the file's metadata). If the resource changes while
    /// a dropped connection is resumed, the download starts over, so `file` never mixes versions.
    /// - Parameters:
    ///   - call: The method call (e.g. `files.get`).
    ///   - file: Replaced once every byte arrived and passed the checks.
    ///   - expecting: The size and digest the bytes must have.
    ///   - progress: Receives progress after each chunk.
    /// - Throws: ``GoogleAPIClientError/Code/integrityCheckFailed`` when the bytes do not match,
    ///   ``GoogleAPIClientError/Code/resourceChanged`` when the resource keeps changing, or what
    ///   ``download(_:to:progress:)`` throws.
    public func download(
        _ call: APICall, to file: URL, expecting: MediaIntegrity, progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws {
        try await download(call, to: file, expecting: expecting, keepingPartial: false, progress: progress)
    }

    /// Downloads a method's media into `file` as a whole file.
    ///
    /// The bytes go to ``partialDownloadURL(for:)`` beside `file` (same folder, the mode of a new
    /// file) and replace `file` only after the transfer and the `expecting` checks succeeded, so
    /// a file that was there survives any failure, and a crash or Ctrl-C never leaves a
    /// complete-looking `file`. A special file (`/dev/null`, `/dev/stdout`, a FIFO, a terminal)
    /// is written in place instead and never replaced. A failure to write (a full disk, an I/O
    /// error) removes the partial file.
    ///
    /// - Parameters:
    ///   - call: The method call.
    ///   - file: The destination.
    ///   - expecting: The size and digest the bytes must have.
    ///   - keepingPartial: Keep the partial file when the transfer fails or is cancelled, and
    ///     continue from it on the next call with `true` (with a `Range` request), which needs
    ///     an MD5 in `expecting` to prove the joined bytes whole; without one the download starts
    ///     over. When `false`, a partial file is removed on failure and never continued.
    ///   - progress: Receives progress after each chunk (counting bytes continued from a partial file).
    /// - Throws: Like ``download(_:to:expecting:progress:)``; ``GoogleAPIClientError/Code/fileAccess``
    ///   when the file cannot be written.
    public func download(
        _ call: APICall, to file: URL, expecting: MediaIntegrity, keepingPartial: Bool,
        progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws {
        let destination = try DownloadDestination(file)
        let continuing =
            keepingPartial && expecting.md5Checksum != nil && !destination.isSpecial
            && FileManager.default.fileExists(atPath: destination.partial.path)
        var (handle, existing) = try destination.openForWriting(continuing: continuing)
        var finished = false
        // Bytes that can never be continued (a write failed, or they proved wrong) go.
        var keep = keepingPartial
        defer { if !finished { destination.abandon(handle, keep: keep) } }
        var download: ResumingDownload
        do {
            download = try await startFileDownload(
                call, expecting: expecting, continuingFrom: existing > 0 ? destination.partial : nil,
                restartsOnChange: !destination.isSpecial)
        } catch let error as GoogleAPIError where error.status == 416 && existing > 0 {
            // The partial file is not a prefix of this version (longer, or complete but not
            // renamed): start over.
            handle = try Self.truncate(handle, destination)
            existing = 0
            download = try await startFileDownload(call, expecting: expecting, continuingFrom: nil, restartsOnChange: true)
        }
        var body: HTTPResponseBody.AsyncIterator?
        var generation = download.generation
        do {
            while let chunk = try await download.nextChunk(using: &body) {
                if download.generation != generation {
                    // The resource changed: what was written belongs to another version.
                    generation = download.generation
                    handle = try Self.truncate(handle, destination)
                }
                try Self.write(chunk, to: handle, destination)
                progress?(MediaProgress(completedBytes: download.delivered, totalBytes: download.totalBytes))
            }
            if download.generation != generation {
                // Restarted onto an empty version.
                handle = try Self.truncate(handle, destination)
            }
        } catch let error as GoogleAPIClientError {
            switch error {
            case .fileAccess, .integrityCheckFailed, .resourceChanged: keep = false
            default: break
            }
            throw error
        }
        try await destination.commit(handle)
        finished = true
    }

    /// Where ``download(_:to:expecting:keepingPartial:progress:)`` keeps the bytes of a download
    /// to `file` until they are whole: `<file>.partial` in the same folder.
    public static func partialDownloadURL(for file: URL) -> URL {
        DownloadDestination.partialURL(for: file.standardizedFileURL.resolvingSymlinksInPath())
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
    /// ``GoogleAPIClientError/Code/resourceChanged``.
    /// - Throws: Like ``downloadStream(_:progress:)``; the stream's iteration throws
    ///   ``GoogleAPIClientError/Code/integrityCheckFailed`` at the end when the bytes do not match.
    public func downloadStream(
        _ call: APICall, expecting: MediaIntegrity, progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws -> MediaDownloadStream {
        MediaDownloadStream(download: try await startDownload(call, expecting: expecting), progress: progress)
    }

    private func startDownload(
        _ call: APICall, expecting: MediaIntegrity = .none, restartsOnChange: Bool = false
    ) async throws -> ResumingDownload {
        try await startFileDownload(call, expecting: expecting, continuingFrom: nil, restartsOnChange: restartsOnChange)
    }

    /// Starts a download, continuing after the bytes of `partial` (hashed first, so the final
    /// check covers the whole file) when given.
    private func startFileDownload(
        _ call: APICall, expecting: MediaIntegrity, continuingFrom partial: URL?, restartsOnChange: Bool
    ) async throws -> ResumingDownload {
        try await checkScopes(call)
        var mediaCall = call
        mediaCall.setQuery("alt", "media")
        var download = ResumingDownload(
            client: self, request: try makeRequest(mediaCall), transfer: MediaTransferCall(call), expecting: expecting,
            restartsOnChange: restartsOnChange)
        if let partial {
            try await download.continueAfter(contentsOf: partial)
        }
        try await download.start()
        return download
    }

    // MARK: - Writing

    private static func write(_ chunk: Data, to handle: FileHandle, _ destination: DownloadDestination) throws(GoogleAPIClientError) {
        let path = destination.isSpecial ? destination.target.path : destination.partial.path
        var offset = 0
        while offset < chunk.count {
            let written = chunk.withUnsafeBytes { buffer in
                // A FIFO or pipe whose reader went away must fail this download, not end the
                // app with SIGPIPE.
                destination.isSpecial
                    ? SystemCall.writeWithoutSIGPIPE(handle.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    : SystemCall.write(handle.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE {
                    throw .fileAccess(
                        path: path, reason: "nothing reads from it any more (its reader closed it: \(DownloadDestination.describe(EPIPE)))")
                }
                throw .fileAccess(path: path, reason: DownloadDestination.describe(errno))
            }
            offset += written
        }
    }

    private static func truncate(_ handle: FileHandle, _ destination: DownloadDestination) throws(GoogleAPIClientError) -> FileHandle {
        guard !destination.isSpecial else {
            throw .resourceChanged(
                "the file changed on the server while it was written to \(destination.target.path), which cannot be rewound")
        }
        do {
            try handle.truncate(atOffset: 0)
        } catch {
            throw .fileAccess(path: destination.partial.path, reason: error.localizedDescription)
        }
        return handle
    }
}
