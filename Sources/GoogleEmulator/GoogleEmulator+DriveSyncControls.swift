import Foundation

// MARK: - Drive changes, shared drives, channels and exports

extension GoogleEmulator {
    /// Entries in the change log (every create, update, trash and delete so far).
    public var driveChangeCount: Int { context.drive.changeLog.count }

    /// Makes every changes page token handed out so far invalid, as when a token has been kept
    /// too long: changes.list then answers 400 for it, and the client must resync.
    public func expireDriveChangeTokens() {
        context.drive.changeLog.expireTokens()
    }

    /// Renames a file (a change in the log, a notification to channels watching it).
    /// - Returns: Whether the file exists.
    @discardableResult
    public func renameDriveFile(_ id: String, to name: String) -> Bool {
        context.drive.update(id) { file in
            file.name = name
            file.modifiedTime = Date()
        } != nil
    }

    /// Deletes a file for good (and, for a folder, what it holds).
    /// - Returns: Whether the file existed.
    @discardableResult
    public func deleteDriveFile(_ id: String) -> Bool {
        context.drive.delete(id)
    }

    /// Adds a Docs Editors file (a Google Doc by default) whose exports render `text`.
    /// - Returns: The file's ID.
    @discardableResult
    public func addDriveDocument(
        name: String, text: String, mimeType: String = "application/vnd.google-apps.document", parentID: String? = nil
    ) -> String {
        let now = Date()
        var file = DriveFile(
            id: context.drive.newFileID(), name: name, mimeType: mimeType, parents: [parentID ?? context.drive.rootFolderID],
            createdTime: now, modifiedTime: now, sequence: 0, driveID: parentID.flatMap { context.drive.file($0)?.driveID })
        file.documentText = text
        return context.drive.insert(file).id
    }

    /// Creates a shared drive directly (no request).
    /// - Returns: The drive's ID, which is also the ID of its root folder (a parent for
    ///   ``addDriveFile(name:mimeType:content:parentID:)``).
    @discardableResult
    public func addSharedDrive(name: String) -> String {
        context.drive.createSharedDrive(name: name, requestID: UUID().uuidString).drive.id
    }

    /// What happened to notification channels so far, in order.
    public var driveChannelEvents: [DriveChannelEvent] { context.drive.channels.events }

    /// IDs of the channels open now.
    public var openDriveChannelIDs: [String] { context.drive.channels.openChannelIDs }

    /// files.export's size limit in bytes (Google: 10 MB); `exportLinks` have none.
    public static let driveExportSizeLimit = DriveExport.sizeLimit
}

// MARK: - Upload sessions

extension GoogleEmulator {
    /// Forgets every open resumable upload session, as Google does after about a week: their
    /// URIs then answer 404.
    public func expireDriveUploadSessions() {
        context.drive.removeAllSessions()
    }
}
