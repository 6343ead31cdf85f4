import Foundation
import Synchronization

// MARK: - DriveContentChanges

/// Scripted content changes for files being downloaded, so tests can make a file change between
/// a dropped download and its resumption (as happens when someone saves a new version).
final class DriveContentChanges: Sendable {
    private struct Pending {
        var remainingDownloads: Int
        var content: Data
    }

    private let pending = Mutex<[String: Pending]>([:])

    /// The next `downloads` media requests for `fileID` are served as it is; right after the last
    /// of them, its content becomes `content`.
    func schedule(fileID: String, content: Data, afterDownloads downloads: Int) {
        pending.withLock { $0[fileID] = Pending(remainingDownloads: max(1, downloads), content: content) }
    }

    /// Counts a served download; returns the new content when the change is due.
    func downloadServed(_ fileID: String) -> Data? {
        pending.withLock { pending in
            guard var change = pending[fileID] else { return nil }
            change.remainingDownloads -= 1
            if change.remainingDownloads > 0 {
                pending[fileID] = change
                return nil
            }
            pending[fileID] = nil
            return change.content
        }
    }
}

// MARK: - Replacing content

extension DriveStore {
    /// Gives a binary file new content (a new version: new size, `md5Checksum`, ETag and
    /// `modifiedTime`). Responses already streaming the old content keep their bytes.
    /// - Returns: Whether the file exists and has binary content.
    @discardableResult
    func replaceContent(of id: String, with data: Data) throws -> Bool {
        guard file(id)?.contentURL != nil else { return false }
        let stored = try storeContent(data)
        return update(id) { file in
            file.contentURL = stored.url
            file.size = stored.size
            file.md5Checksum = stored.md5
            file.modifiedTime = Date()
        } != nil
    }
}
