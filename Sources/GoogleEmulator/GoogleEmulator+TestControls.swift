import Foundation

// MARK: - Drive controls

extension GoogleEmulator {
    /// Files and folders in Drive (trashed included, root folder excluded).
    public var driveFileCount: Int { context.drive.fileCount }

    /// Whether a file with this ID exists.
    public func driveFileExists(_ id: String) -> Bool {
        context.drive.file(id) != nil
    }

    /// IDs of files named exactly `name`.
    public func driveFileIDs(named name: String) -> [String] {
        context.drive.list(query: .nameEquals(name), orderBy: []).map(\.id)
    }

    /// The binary content of a file, or `nil` for missing files and Docs Editors files.
    public func driveFileContent(_ id: String) -> Data? {
        guard let url = context.drive.file(id)?.contentURL else { return nil }
        return try? Data(contentsOf: url)
    }

    /// The `md5Checksum` Drive reports for a file.
    public func driveFileMD5(_ id: String) -> String? {
        context.drive.file(id)?.md5Checksum
    }

    /// Adds a binary file directly (no request), returning its ID.
    /// - Throws: when the content cannot be written to the content directory.
    @discardableResult
    public func addDriveFile(name: String, mimeType: String = "application/octet-stream", content: Data, parentID: String? = nil) throws
        -> String
    {
        let stored = try context.drive.storeContent(content)
        let now = Date()
        let file = DriveFile(
            id: context.drive.newFileID(), name: name, mimeType: mimeType, parents: [parentID ?? context.drive.rootFolderID],
            createdTime: now, modifiedTime: now, contentURL: stored.url, size: stored.size, md5Checksum: stored.md5, sequence: 0,
            driveID: parentID.flatMap { context.drive.file($0)?.driveID })
        return context.drive.insert(file).id
    }

    /// Bytes received so far by an open resumable session (`nil` when unknown).
    public func resumableSessionReceivedBytes(_ uploadID: String) -> Int64? {
        context.drive.session(uploadID)?.received
    }
}

// MARK: - YouTube controls

extension GoogleEmulator {
    /// The `status.lifeCycleStatus` of a broadcast.
    public func broadcastLifeCycleStatus(_ id: String) -> String? {
        context.youtube.broadcast(id)?.lifeCycleStatus.rawValue
    }

    /// The chat of a broadcast.
    public func liveChatID(ofBroadcast id: String) -> String? {
        context.youtube.broadcast(id)?.liveChatID
    }

    /// Posts a chat message as a viewer (what the audience would type).
    /// - Returns: The message ID, or `nil` when the chat does not exist or has ended.
    @discardableResult
    public func postChatMessage(liveChatID: String, authorName: String, text: String) -> String? {
        let channelID = "UCviewer" + String(authorName.unicodeScalars.filter { $0.properties.isAlphabetic }.prefix(10))
        return context.youtube.postMessage(
            liveChatID: liveChatID, author: ChatAuthor(channelID: channelID, displayName: authorName), text: text)?.id
    }

    /// Number of messages in a chat.
    public func chatMessageCount(liveChatID: String) -> Int? {
        context.youtube.chat(liveChatID)?.messages.count
    }
}

// MARK: - Drive content changes

extension GoogleEmulator {
    /// Gives a binary file new content now (new size, `md5Checksum`, ETag and `modifiedTime`).
    /// - Returns: Whether the file exists and has binary content.
    /// - Throws: when the content cannot be written.
    @discardableResult
    public func replaceDriveFileContent(_ id: String, with content: Data) throws -> Bool {
        try context.drive.replaceContent(of: id, with: content)
    }

    /// Changes a file's content right after its next `downloads` media requests are answered
    /// (they still get the old bytes): with a dropped-connection fault, the download's resumption
    /// then meets a new version.
    public func changeDriveFileContent(_ id: String, to content: Data, afterDownloads downloads: Int = 1) {
        context.drive.contentChanges.schedule(fileID: id, content: content, afterDownloads: downloads)
    }
}
