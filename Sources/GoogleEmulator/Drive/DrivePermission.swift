import GoogleJSON

// MARK: - DrivePermission

/// A permission granted on a file to someone other than its owner.
struct DrivePermission: Sendable {
    var id: String
    var type: String
    var role: String
    var emailAddress: String?
    var domain: String?

    static let types: Set = ["user", "group", "domain", "anyone"]
    static let roles: Set = ["owner", "organizer", "fileOrganizer", "writer", "commenter", "reader"]

    var json: JSONValue {
        .compactObject([
            ("kind", .string("drive#permission")),
            ("id", .string(id)),
            ("type", .string(type)),
            ("role", .string(role)),
            ("emailAddress", emailAddress.map(JSONValue.string)),
            ("domain", domain.map(JSONValue.string)),
        ])
    }

    /// The owner's permission, implied on every My Drive file.
    static func owner(_ owner: DriveOwner) -> DrivePermission {
        DrivePermission(id: owner.permissionID, type: "user", role: "owner", emailAddress: owner.emailAddress)
    }
}
