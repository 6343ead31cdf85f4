import Foundation
import GoogleJSON
import Synchronization

// MARK: - DriveSharedDrive

/// One shared drive of the emulated Drive.
struct DriveSharedDrive: Sendable {
    var id: String
    var name: String
    var createdTime: Date
    /// The `requestId` it was created with: a repeated drives.create answers the same drive.
    var requestID: String

    var json: JSONValue {
        .members([
            ("kind", .string("drive#drive")),
            ("id", .string(id)),
            ("name", .string(name)),
            ("createdTime", .string(RFC3339.format(createdTime))),
            ("hidden", .bool(false)),
            (
                "capabilities",
                .members([
                    ("canAddChildren", .bool(true)), ("canManageMembers", .bool(true)), ("canRenameDrive", .bool(true)),
                    ("canDeleteDrive", .bool(true)), ("canDownload", .bool(true)), ("canEdit", .bool(true)),
                ])
            ),
        ])
    }
}

// MARK: - DriveSharedDrives

/// The shared drives, in creation order.
final class DriveSharedDrives: Sendable {
    private let drives = Mutex<[DriveSharedDrive]>([])

    /// Adds a drive unless one was created with the same `requestID` (then answers that one).
    func create(name: String, requestID: String, id: () -> String) -> (drive: DriveSharedDrive, created: Bool) {
        drives.withLock { drives in
            if let existing = drives.first(where: { $0.requestID == requestID }) { return (existing, false) }
            let drive = DriveSharedDrive(id: id(), name: name, createdTime: Date(), requestID: requestID)
            drives.append(drive)
            return (drive, true)
        }
    }

    func drive(_ id: String) -> DriveSharedDrive? {
        drives.withLock { drives in drives.first { $0.id == id } }
    }

    var all: [DriveSharedDrive] {
        drives.withLock { $0 }
    }
}

// MARK: - Creating a shared drive

extension DriveStore {
    /// Creates a shared drive and its root folder (a folder whose ID is the drive's).
    func createSharedDrive(name: String, requestID: String) -> (drive: DriveSharedDrive, created: Bool) {
        // Shared drive IDs look like Google's: `0A…Uk9PVA`.
        let result = sharedDrives.create(name: name, requestID: requestID) { "0A" + identifiers.next(length: 13) + "Uk9PVA" }
        if result.created {
            insert(
                DriveFile(
                    id: result.drive.id, name: name, mimeType: DriveFile.folderMimeType, parents: [],
                    createdTime: result.drive.createdTime, modifiedTime: result.drive.createdTime, sequence: 0,
                    driveID: result.drive.id))
        }
        return result
    }
}
