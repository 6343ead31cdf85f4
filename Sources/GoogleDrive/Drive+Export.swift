public import Foundation

// MARK: - Whole-file export

extension Drive {
    /// How ``exportContent(fileID:mimeType:to:progress:)`` got the bytes.
    public enum ExportRoute: Sendable, Hashable {
        /// `files.export` (documents up to 10 MB exported).
        case filesExport
        /// The file's `exportLinks` entry, after `files.export` answered `exportSizeLimitExceeded`.
        case exportLink
    }

    /// Where Google serves `exportLinks`.
    static let exportLinkHost = URL(string: "https://docs.google.com/")!

    /// Exports a Docs Editors file (a Doc, Sheet, Slides…) as `mimeType` into `destination`,
    /// whatever its size: `files.export` first, and when Drive refuses because the export would
    /// exceed its 10 MB limit (`exportSizeLimitExceeded`), the matching entry of the file's
    /// `exportLinks`, downloaded with the session's credentials (which it sends only to origins
    /// the session trusts: the API's root, and for these links Google's export host
    /// `https://docs.google.com`).
    ///
    /// Both routes follow the download rules of
    /// `GoogleServiceClient/download(_:to:expecting:keepingPartial:progress:)`: the bytes go
    /// to a `.partial` file that replaces `destination` only once complete; a special file
    /// (`/dev/stdout`, a FIFO) is written in place.
    /// - Parameters:
    ///   - fileID: The file.
    ///   - mimeType: One of the file's export formats (`about.get`'s `exportFormats`), e.g.
    ///     `application/pdf`.
    ///   - destination: Created or replaced.
    ///   - progress: Receives progress after each chunk.
    /// - Returns: Which route delivered the bytes.
    /// - Throws: `GoogleAPIError` (e.g. 404, or 400 for a format the file cannot be exported
    ///   as), `GoogleAPIClientError` with code `unsupported` when the file has no export link for
    ///   `mimeType`, and download errors.
    @discardableResult
    public func exportContent(
        fileID: String, mimeType: String, to destination: URL, progress: (@Sendable (MediaProgress) -> Void)? = nil
    ) async throws -> ExportRoute {
        do {
            try await files.exportMedia(.init(fileId: fileID, mimeType: mimeType), to: destination, progress: progress)
            return .filesExport
        } catch let error as GoogleAPIError where error.reasons.contains("exportSizeLimitExceeded") {
            let file = try await files.get(fileId: fileID, fields: [.exportLinks])
            guard let link = file.exportLinks?[mimeType], var components = URLComponents(string: link),
                let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http"
            else {
                throw GoogleAPIClientError(
                    code: .unsupported, reason: "the file is too large for files.export and has no export link for \(mimeType)")
            }
            // Google serves export links from docs.google.com, not from the API's root: the
            // session sends its token there too, over https only. Any other host must already be
            // trusted (the API root, or the emulator's).
            if scheme == "https", components.host?.lowercased() == Self.exportLinkHost.host {
                client.session.trustTokenOrigin(ofRoot: Self.exportLinkHost)
            }
            let query = components.queryItems ?? []
            components.query = nil
            guard let base = components.string else {
                throw GoogleAPIClientError(code: .invalidURL, reason: "the export link of \(mimeType) is not a URL")
            }
            // files.export's scopes: the link serves the same content.
            var call = files.makeExportCall(.init(fileId: fileID, mimeType: mimeType), options: .init())
            call.path = base.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")
            call.setQuery("mimeType", String?.none)
            call.setQuery("fileId", String?.none)
            for item in query { call.setQuery(item.name, item.value ?? "") }
            try await client.download(call, to: destination, progress: progress)
            return .exportLink
        }
    }
}
