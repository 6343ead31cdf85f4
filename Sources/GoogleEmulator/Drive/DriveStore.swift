import Foundation
import GoogleBase
import GoogleJSON
import Synchronization

// MARK: - DriveStore

/// The emulated Drive's files, their content on disk and open resumable upload sessions.
final class DriveStore: Sendable {
    struct State {
        var files: [String: DriveFile] = [:]
        var nextSequence = 0
        var sessions: [String: ResumableUploadSession] = [:]
    }

    let state = Mutex(State())
    let rootFolderID: String
    let owner: DriveOwner
    /// Where uploaded and seeded content lives; removed when the emulator stops.
    let contentDirectory: URL
    let identifiers: IdentifierGenerator
    /// Content changes tests scheduled for files being downloaded.
    let contentChanges = DriveContentChanges()
    /// Storage quota reported by about.get.
    let storageLimit: Int64 = 15 * 1024 * 1024 * 1024
    /// Every change, for changes.list.
    let changeLog = DriveChangeLog()
    /// Shared drives.
    let sharedDrives = DriveSharedDrives()
    /// Notification channels opened by changes.watch and files.watch.
    let channels = DriveChannels()
    /// `http://host:port` of the emulator, for absolute links in metadata (`exportLinks`).
    let linkBase = Mutex("http://127.0.0.1")

    init(contentDirectory: URL, owner: DriveOwner, rootFolderID: String, identifiers: IdentifierGenerator) {
        self.contentDirectory = contentDirectory
        self.owner = owner
        self.rootFolderID = rootFolderID
        self.identifiers = identifiers
        let epoch = Date(timeIntervalSince1970: 1_577_836_800)
        insert(
            DriveFile(
                id: rootFolderID, name: "My Drive", mimeType: DriveFile.folderMimeType, parents: [],
                createdTime: epoch, modifiedTime: epoch, sequence: 0))
    }

    func newFileID() -> String {
        identifiers.next(length: 33, prefix: "1")
    }

    // MARK: - Reading

    func file(_ id: String) -> DriveFile? {
        state.withLock { $0.files[id] }
    }

    /// Files and folders, not counting the root folder.
    var fileCount: Int {
        state.withLock { $0.files.count - 1 }
    }

    /// Files matching `query`, sorted by `orderBy` (`name`, `modifiedTime`, `createdTime`,
    /// `folder`, each optionally `desc`, comma-separated).
    func list(query: DriveQuery?, orderBy: [(key: String, descending: Bool)]) -> [DriveFile] {
        // The root folders (My Drive's, each shared drive's) are reachable by ID but never listed.
        let all = state.withLock { $0.files.values.filter { $0.id != rootFolderID && !$0.isDriveRoot } }
        let matching = all.filter { query?.matches($0, rootID: rootFolderID, ownerEmail: owner.emailAddress) ?? true }
        return matching.sorted { lhs, rhs in
            for (key, descending) in orderBy {
                let order: ComparisonResult
                switch key {
                case "name", "name_natural":
                    order = lhs.name.compare(rhs.name)
                case "modifiedTime", "modifiedByMeTime", "viewedByMeTime":
                    order = Self.compare(lhs.modifiedTime, rhs.modifiedTime)
                case "createdTime":
                    order = Self.compare(lhs.createdTime, rhs.createdTime)
                case "folder":
                    order = lhs.isFolder == rhs.isFolder ? .orderedSame : (lhs.isFolder ? .orderedAscending : .orderedDescending)
                case "starred":
                    order = lhs.starred == rhs.starred ? .orderedSame : (lhs.starred ? .orderedAscending : .orderedDescending)
                case "quotaBytesUsed":
                    order = Self.compare(lhs.size ?? 0, rhs.size ?? 0)
                default:
                    order = .orderedSame
                }
                if order != .orderedSame { return descending ? order == .orderedDescending : order == .orderedAscending }
            }
            return lhs.sequence < rhs.sequence
        }
    }

    private static func compare<T: Comparable>(_ lhs: T, _ rhs: T) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : (lhs > rhs ? .orderedDescending : .orderedSame)
    }

    var usedBytes: (total: Int64, trash: Int64) {
        state.withLock { state in
            state.files.values.reduce((Int64(0), Int64(0))) { sums, file in
                (sums.0 + (file.size ?? 0), sums.1 + (file.trashed ? file.size ?? 0 : 0))
            }
        }
    }

    // MARK: - Writing

    /// Adds a file, assigning its sequence number.
    @discardableResult
    func insert(_ file: DriveFile) -> DriveFile {
        let inserted = state.withLock { state in
            var file = file
            file.sequence = state.nextSequence
            state.nextSequence += 1
            state.files[file.id] = file
            recordChange(file, removed: false)
            return file
        }
        channels.fileChanged(inserted, state: "add")
        return inserted
    }

    /// Logs a change; called under the state lock so the log keeps the order of the changes.
    private func recordChange(_ file: DriveFile, removed: Bool) {
        // Shared drives' root folders are the drives themselves, not files that change.
        guard file.id != rootFolderID, !file.isDriveRoot else { return }
        changeLog.record(DriveChangeLog.Entry(fileID: file.id, driveID: file.driveID, time: Date(), removed: removed))
    }

    /// Applies `change` to a file; `nil` when it does not exist.
    /// - Parameters:
    ///   - changed: What changed, for `X-Goog-Changed` (`content`, `properties`, `permissions`).
    func update(_ id: String, changed: String = "content", _ change: (inout DriveFile) -> Void) -> DriveFile? {
        let result: (old: DriveFile, new: DriveFile)? = state.withLock { state in
            guard var file = state.files[id] else { return nil }
            let old = file
            change(&file)
            file.version += 1
            state.files[id] = file
            recordChange(file, removed: false)
            return (old, file)
        }
        guard let result else { return nil }
        let notification = result.old.trashed == result.new.trashed ? "update" : (result.new.trashed ? "trash" : "untrash")
        channels.fileChanged(result.new, state: notification, changed: changed)
        return result.new
    }

    /// Deletes a file and, for folders, everything under it. Returns whether it existed.
    func delete(_ id: String) -> Bool {
        let removed: [DriveFile] = state.withLock { state in
            guard state.files[id] != nil, id != rootFolderID else { return [] }
            var pending = [id]
            var removed: [DriveFile] = []
            while let next = pending.popLast() {
                if let file = state.files.removeValue(forKey: next) {
                    removed.append(file)
                    recordChange(file, removed: true)
                }
                pending += state.files.values.filter { $0.parents.contains(next) }.map(\.id)
            }
            return removed
        }
        for file in removed {
            if let url = file.contentURL { try? FileManager.default.removeItem(at: url) }
            channels.fileChanged(file, state: "remove")
        }
        return !removed.isEmpty
    }

    // MARK: - Content

    /// A fresh path in the content directory.
    func newContentURL() -> URL {
        contentDirectory.appendingPathComponent("content-" + identifiers.next(length: 20))
    }

    /// Writes `data` to a new content file.
    /// - Parameter md5: The digest when already known.
    func storeContent(_ data: Data, md5: String? = nil) throws -> StoredContent {
        let url = newContentURL()
        try data.write(to: url)
        return StoredContent(url: url, size: Int64(data.count), md5: md5 ?? ContentMD5.hex(of: data))
    }

    // MARK: - Resumable sessions

    func addSession(_ session: ResumableUploadSession) {
        state.withLock { $0.sessions[session.id] = session }
    }

    func session(_ id: String) -> ResumableUploadSession? {
        state.withLock { $0.sessions[id] }
    }

    func removeSession(_ id: String) {
        state.withLock { _ = $0.sessions.removeValue(forKey: id) }
    }

    func removeAllSessions() {
        state.withLock { $0.sessions.removeAll() }
    }
}

// MARK: - JSON

extension DriveStore {
    /// A file's metadata as Drive answers it (with absolute `exportLinks`).
    func json(_ file: DriveFile) -> JSONValue {
        file.json(owner: owner, linkBase: linkBase.withLock { $0 })
    }
}
