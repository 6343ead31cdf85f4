public import Foundation

// MARK: - Verified download

extension Drive {
    /// Downloads a binary file's content and checks it against the metadata already fetched:
    /// the bytes must number `size` and hash to `md5Checksum` when the metadata has them (ask for
    /// those fields). If the file changes while a dropped connection is resumed, the download
    /// starts over, so `destination` never mixes versions; the metadata then describes the old
    /// version, so the new one is checked against the MD5 the server sends (`X-Goog-Hash`), if any.
    /// - Parameters:
    ///   - file: The file's metadata; its `id` is required.
    ///   - destination: Created or replaced.
    ///   - progress: Receives progress after each chunk.
    /// - Throws: a `GoogleAPIClientError` with code `integrityCheckFailed` when the bytes do not match the
    ///   metadata, a `GoogleAPIClientError` with code `missingPathParameter` without an `id`, and the
    ///   errors of `GoogleServiceClient.download(_:to:expecting:progress:)`.
    public func downloadContent(
        of file: File, to destination: URL, progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws {
        try await downloadContent(of: file, to: destination, keepingPartial: false, progress: progress)
    }

    /// Like `downloadContent(of:to:progress:)`, optionally keeping an interrupted download's bytes
    /// in `<destination>.partial` and continuing from them on the next call (the metadata's MD5
    /// then proves the joined file whole; see
    /// `GoogleServiceClient.download(_:to:expecting:keepingPartial:progress:)`).
    /// - Parameters:
    ///   - file: The file's metadata; its `id` is required.
    ///   - destination: Replaced once the content arrived whole and checked.
    ///   - keepingPartial: Keep and continue partial downloads.
    ///   - progress: Receives progress after each chunk.
    /// - Throws: As `downloadContent(of:to:progress:)` does.
    public func downloadContent(
        of file: File, to destination: URL, keepingPartial: Bool, progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws {
        guard let id = file.id else { throw GoogleAPIClientError.missingPathParameter("fileId") }
        // The generated builder of `files.get`: its path and scopes come from the Discovery document.
        let call = files.makeGetCall(.init(fileId: id), options: .init())
        let expected = MediaIntegrity(byteCount: file.size, md5Checksum: file.md5Checksum)
        try await client.download(call, to: destination, expecting: expected, keepingPartial: keepingPartial, progress: progress)
    }
}
