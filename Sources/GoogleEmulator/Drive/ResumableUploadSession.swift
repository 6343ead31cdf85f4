import Foundation
import GoogleJSON
import Synchronization

// MARK: - ResumableUploadSession

/// An open resumable upload: the metadata from the initiating request and the bytes received so far.
///
/// Bytes go straight to a file; the MD5 is computed once at completion by reading the file back,
/// so interrupted and truncated chunks never corrupt it.
final class ResumableUploadSession: Sendable {
    struct Progress: Sendable {
        var received: Int64 = 0
        var declaredTotal: Int64?
        /// The file once the upload completed, so status queries after completion can answer 200.
        var completedFileID: String?
        /// Whether a chunk is being received right now (a second concurrent PUT is refused).
        var busy = false
    }

    let id: String
    let metadata: JSONValue
    let contentType: String
    /// Set for files.update uploads (PATCH/PUT on `/upload/drive/v3/files/{id}`).
    let targetFileID: String?
    let dataURL: URL
    let progress: Mutex<Progress>

    init(id: String, metadata: JSONValue, contentType: String, declaredTotal: Int64?, targetFileID: String?, dataURL: URL) {
        self.id = id
        self.metadata = metadata
        self.contentType = contentType
        self.targetFileID = targetFileID
        self.dataURL = dataURL
        self.progress = Mutex(Progress(declaredTotal: declaredTotal))
    }

    var received: Int64 { progress.withLock { $0.received } }
}
