// MARK: - files.list with a typed query

extension Drive.FilesResource {
    /// `files.list` searching with a typed ``DriveQuery`` (sent as its ``DriveQuery/text`` in `q`);
    /// `list(q:)` still takes search text written by hand.
    ///
    /// ```swift
    /// let reports = try await drive.files.list(query: .name(contains: "O'Brien") && .trashed(false), fields: [.files([.id, .name])])
    /// ```
    public func list(
        query: DriveQuery, corpora: String? = nil, driveId: String? = nil, orderBy: String? = nil, pageSize: Int32? = nil,
        pageToken: String? = nil, spaces: String? = nil, fields: GoogleFieldMask<Drive.FileList>? = nil, options: APICallOptions = .init()
    ) async throws -> Drive.FileList {
        try await list(
            corpora: corpora, driveId: driveId, orderBy: orderBy, pageSize: pageSize, pageToken: pageToken, q: query.text, spaces: spaces,
            fields: fields, options: options)
    }
}

extension Drive.FilesResource {
    /// Every page of `files.list` searching with a typed ``DriveQuery``, fetched as iteration
    /// reaches it (`.items` flattens them).
    ///
    /// ```swift
    /// for try await file in drive.files.listPages(query: .parent(folderID) && .trashed(false)).items {
    ///     print(file.name ?? "")
    /// }
    /// ```
    public func listPages(
        query: DriveQuery, corpora: String? = nil, driveId: String? = nil, orderBy: String? = nil, pageSize: Int32? = nil,
        spaces: String? = nil, fields: GoogleFieldMask<Drive.FileList>? = nil, options: APICallOptions = .init()
    ) -> APIPageSequence<Drive.FileList> {
        listPages(
            .init(corpora: corpora, driveId: driveId, orderBy: orderBy, pageSize: pageSize, q: query.text, spaces: spaces), fields: fields,
            options: options)
    }
}
