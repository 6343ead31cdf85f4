public import Foundation

// MARK: - UploadFileIdentity

/// Which file a resumable upload sends, recorded when its session starts, so that resuming
/// refuses a file that has changed since (``GoogleAPIClientError/Code/uploadSourceChanged``).
///
/// The identity is the file's metadata — path, size, modification time and file number (inode) —
/// not a hash of its contents. Checking metadata costs one `stat` whatever the file's size;
/// hashing the part already uploaded would mean re-reading up to the whole file before the first
/// byte is sent on resume, and hashing every chunk again while uploading. Ordinary ways of
/// changing a file are all visible in the metadata: writing moves the modification time,
/// replacing (save-and-rename, a fresh download, `cp` over it from elsewhere via a new file)
/// changes the file number, and truncating or appending changes the size. What metadata cannot
/// see — bytes rewritten in place with the modification time set back on purpose — is still
/// caught at the end when the server reports the stored object's MD5 (Drive does when
/// `md5Checksum` is among the requested fields): the upload then fails with
/// ``GoogleAPIClientError/Code/integrityCheckFailed`` instead of reporting success.
public struct UploadFileIdentity: Sendable, Hashable, Codable {
    /// The file's absolute, standardized path.
    public var path: String
    public var byteCount: Int64
    /// Modification time in whole nanoseconds since 1970: an integer, so it survives any JSON
    /// date strategy unchanged. `nil` when the file system does not report one.
    public var modificationTimeNanoseconds: Int64?
    /// The file system's file number (inode), when it reports one.
    public var fileNumber: UInt64?

    /// - Parameters: See the properties.
    public init(path: String, byteCount: Int64, modificationTimeNanoseconds: Int64?, fileNumber: UInt64?) {
        self.path = path
        self.byteCount = byteCount
        self.modificationTimeNanoseconds = modificationTimeNanoseconds
        self.fileNumber = fileNumber
    }

    /// The identity of the file at `url` as it is now.
    /// - Parameter url: A file URL.
    /// - Throws: ``GoogleAPIClientError/Code/fileAccess`` when the file cannot be examined.
    public init(of url: URL) throws(GoogleAPIClientError) {
        let path = url.standardizedFileURL.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .fileAccess(path: path, reason: error.localizedDescription)
        }
        guard let size = attributes[.size] as? NSNumber else { throw .fileAccess(path: path, reason: "size unknown") }
        // Out-of-range dates (corrupt metadata) become "unknown" instead of trapping.
        let nanoseconds = (attributes[.modificationDate] as? Date)
            .flatMap { Int64(exactly: ($0.timeIntervalSince1970 * 1e9).rounded()) }
        self.init(
            path: path, byteCount: size.int64Value, modificationTimeNanoseconds: nanoseconds,
            fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    /// Why `current` is not the file this identity recorded, or `nil` when it is the same.
    func difference(from current: UploadFileIdentity) -> String? {
        if current.path != path { return "the session uploads \(path), not \(current.path)" }
        if current.byteCount != byteCount {
            return "its size changed from \(byteCount) to \(current.byteCount) bytes"
        }
        if let recorded = fileNumber, let now = current.fileNumber, recorded != now {
            return "it was replaced by another file (file number \(recorded) is now \(now))"
        }
        if modificationTimeNanoseconds != current.modificationTimeNanoseconds {
            return "it was modified after the upload started"
        }
        return nil
    }
}
