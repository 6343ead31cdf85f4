import Foundation

// MARK: - Checkpoints

extension ResumableUploader {
    /// Tells the media's `sessionDidChange` that the server now holds `offset` bytes, when that
    /// differs from what it was last told (`reported`), so the caller can persist the session.
    /// - Throws: Whatever the callback throws; the upload stops with it.
    func checkpoint(_ offset: Int64, reported: inout Int64) async throws {
        guard offset != reported else { return }
        reported = offset
        guard let sessionDidChange = media.sessionDidChange else { return }
        var session = uploadSession
        session.confirmedBytes = offset
        try await sessionDidChange(session)
    }
}
