public import Foundation

// MARK: - Resumable uploads that survive a restart

extension MediaUpload {
    /// A file to upload with the resumable protocol, optionally continuing an earlier session.
    ///
    /// Persist each session `sessionDidChange` receives (it is `Codable`); after a crash or a
    /// restart, pass the saved one as `session` to the same generated method to send only what the
    /// server does not have yet:
    ///
    ///     let media = MediaUpload.resumable(
    ///         file: url, contentType: "video/mp4", resuming: try savedSession(),
    ///         sessionDidChange: { try await save($0) })
    ///     let file = try await drive.files.create(body: metadata, media: media)
    ///
    /// - Parameters:
    ///   - file: The file to upload (streamed from disk).
    ///   - contentType: The media's MIME type.
    ///   - session: A session saved from an earlier attempt, or `nil` to start a new upload. Its
    ///     call parameters and metadata were sent when it started, so the method's are not sent
    ///     again.
    ///   - chunkSize: Bytes per request (rounded down to a multiple of 256 KiB); the session is
    ///     reported after each.
    ///   - sessionDidChange: Receives the session when it starts and whenever the server confirms
    ///     more bytes; awaited before the upload goes on, and an error it throws stops the upload.
    ///   - progress: Receives progress as bytes are sent.
    /// - Returns: The media.
    public static func resumable(
        file: URL, contentType: String, resuming session: ResumableUploadSession? = nil,
        chunkSize: Int = 8 << 20,
        sessionDidChange: (@Sendable (ResumableUploadSession) async throws -> Void)? = nil,
        progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) -> MediaUpload {
        var media = MediaUpload(.file(file), contentType: contentType, strategy: .resumable(chunkSize: chunkSize), progress: progress)
        media.resumableSession = session
        media.sessionDidChange = sessionDidChange
        return media
    }

    /// ``resumable(file:contentType:resuming:chunkSize:sessionDidChange:progress:)`` that starts
    /// over from byte 0 when the saved session cannot be resumed (it expired at the server, or
    /// the file changed), after telling `sessionWillRestart` why; see ``restartsStaleSession``.
    /// Pass the call's metadata even when resuming: it goes with the new session.
    /// - Returns: The media.
    public static func resumable(
        file: URL, contentType: String, resuming session: ResumableUploadSession?, chunkSize: Int = 8 << 20,
        restartingStaleSession sessionWillRestart: @escaping @Sendable (GoogleAPIClientError) async throws -> Void,
        sessionDidChange: (@Sendable (ResumableUploadSession) async throws -> Void)? = nil,
        progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) -> MediaUpload {
        var media = resumable(
            file: file, contentType: contentType, resuming: session, chunkSize: chunkSize, sessionDidChange: sessionDidChange,
            progress: progress)
        media.restartsStaleSession = true
        media.sessionWillRestart = sessionWillRestart
        return media
    }

    /// The identity of the file being uploaded, or `nil` for bytes in memory.
    /// - Throws: ``GoogleAPIClientError/Code/fileAccess``.
    func fileIdentity() throws(GoogleAPIClientError) -> UploadFileIdentity? {
        guard case .file(let url) = source else { return nil }
        return try UploadFileIdentity(of: url)
    }

    /// Checks that `session` was started for these bytes before anything is sent to it.
    /// - Throws: ``GoogleAPIClientError/Code/uploadSourceChanged`` when the size differs
    ///   or the recorded file changed, or ``GoogleAPIClientError/Code/fileAccess``.
    func requireSameSource(as session: ResumableUploadSession) throws(GoogleAPIClientError) {
        let current = try fileIdentity()
        let name = current?.path ?? session.file?.path ?? "the media"
        if let recorded = session.file {
            guard let current else {
                throw .uploadSourceChanged(path: recorded.path, reason: "the session uploads a file, this media holds bytes in memory")
            }
            if let difference = recorded.difference(from: current) {
                throw .uploadSourceChanged(path: recorded.path, reason: difference)
            }
        }
        let size = if let current { current.byteCount } else { try byteCount() }
        guard size == session.totalBytes else {
            throw .uploadSourceChanged(path: name, reason: "the session was started for \(session.totalBytes) bytes, the media has \(size)")
        }
    }
}
