import Foundation
import GoogleJSON

// MARK: - DriveFile

/// One file or folder in the emulated Drive.
struct DriveFile: Sendable {
    var id: String
    var name: String
    var mimeType: String
    var parents: [String]
    var description: String?
    var starred = false
    var trashed = false
    var createdTime: Date
    var modifiedTime: Date
    /// Binary content on disk; `nil` for folders and Docs Editors files.
    var contentURL: URL?
    var size: Int64?
    var md5Checksum: String?
    /// The text of a Docs Editors file, which is what export renders.
    var documentText: String?
    var properties: [String: String] = [:]
    var appProperties: [String: String] = [:]
    var version: Int64 = 1
    /// Creation order, the tie-breaker for every sort.
    var sequence: Int
    /// The shared drive holding the file; `nil` for My Drive. A shared drive's root folder has
    /// the drive's ID as its own.
    var driveID: String? = nil
    /// Who else may use the file (the owner's permission is implied).
    var permissions: [DrivePermission] = []

    static let folderMimeType = "application/vnd.google-apps.folder"
    static let googleAppsPrefix = "application/vnd.google-apps."

    var isFolder: Bool { mimeType == Self.folderMimeType }
    /// Docs, Sheets, Slides, Drawings: exportable, not downloadable.
    var isDocsEditorsFile: Bool { mimeType.hasPrefix(Self.googleAppsPrefix) && !isFolder }
    var hasBinaryContent: Bool { contentURL != nil }
    /// The folder standing for a shared drive (its ID is the drive's).
    var isDriveRoot: Bool { driveID != nil && driveID == id }

    // MARK: - JSON

    /// - Parameters:
    ///   - owner: The owner of My Drive files (shared drive files have none).
    ///   - linkBase: `http://host:port` of the emulator, for `exportLinks`.
    func json(owner: DriveOwner, linkBase: String? = nil) -> JSONValue {
        let fileExtension = name.contains(".") && hasBinaryContent ? name.split(separator: ".").last.map(String.init) : nil
        return JSONValue.compactObject([
            ("kind", .string("drive#file")),
            ("id", .string(id)),
            ("name", .string(name)),
            ("mimeType", .string(mimeType)),
            ("description", description.map(JSONValue.string)),
            ("starred", .bool(starred)),
            ("trashed", .bool(trashed)),
            ("explicitlyTrashed", trashed ? .bool(true) : nil),
            ("parents", .array(parents.map(JSONValue.string))),
            ("driveId", driveID.map(JSONValue.string)),
            ("properties", properties.isEmpty ? nil : .members(properties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            (
                "appProperties",
                appProperties.isEmpty ? nil : .members(appProperties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
            ),
            ("spaces", .array([.string("drive")])),
            ("version", .string(String(version))),
            ("webViewLink", .string(webViewLink)),
            ("createdTime", .string(RFC3339.format(createdTime))),
            ("modifiedTime", .string(RFC3339.format(modifiedTime))),
            // Shared drives own their files: no `owners`, not owned by the user.
            ("owners", driveID == nil ? .array([owner.json]) : nil),
            ("ownedByMe", .bool(driveID == nil)),
            ("exportLinks", exportLinks(base: linkBase)),
            ("originalFilename", hasBinaryContent ? .string(name) : nil),
            ("fileExtension", fileExtension.map(JSONValue.string)),
            ("fullFileExtension", fileExtension.map(JSONValue.string)),
            ("md5Checksum", md5Checksum.map(JSONValue.string)),
            ("size", size.map { .string(String($0)) }),
            ("quotaBytesUsed", .string(String(size ?? 0))),
            (
                "capabilities",
                .members([
                    ("canEdit", .bool(true)), ("canDelete", .bool(true)), ("canDownload", .bool(hasBinaryContent)),
                    ("canTrash", .bool(true)), ("canRename", .bool(true)), ("canAddChildren", .bool(isFolder)),
                ])
            ),
        ])
    }

    /// For Docs Editors files: one download link per export format. They stay usable past
    /// files.export's size limit.
    private func exportLinks(base: String?) -> JSONValue? {
        guard let base, isDocsEditorsFile, let formats = DriveExport.formats[mimeType] else { return nil }
        return .members(
            formats.map { format in
                let query = format.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? format
                return (format, .string("\(base)\(DriveExport.linkPath)/\(id)?mimeType=\(query)"))
            })
    }

    private var webViewLink: String {
        switch mimeType {
        case "application/vnd.google-apps.document": "https://docs.google.com/document/d/\(id)/edit?usp=drivesdk"
        case "application/vnd.google-apps.spreadsheet": "https://docs.google.com/spreadsheets/d/\(id)/edit?usp=drivesdk"
        case Self.folderMimeType: "https://drive.google.com/drive/folders/\(id)"
        default: "https://drive.google.com/file/d/\(id)/view?usp=drivesdk"
        }
    }
}
