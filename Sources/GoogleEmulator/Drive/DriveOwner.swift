import GoogleJSON

// MARK: - DriveOwner

/// The emulated signed-in user, owner of every file.
struct DriveOwner: Sendable {
    var displayName: String
    var emailAddress: String
    var permissionID: String

    var json: JSONValue {
        .members([
            ("kind", .string("drive#user")),
            ("displayName", .string(displayName)),
            ("me", .bool(true)),
            ("permissionId", .string(permissionID)),
            ("emailAddress", .string(emailAddress)),
        ])
    }
}
