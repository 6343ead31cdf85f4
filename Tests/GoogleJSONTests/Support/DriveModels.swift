import Foundation
import GoogleJSON

// Hand-written stand-ins for generated Drive schema types, written the way the generator emits
// them (explicit CodingKeys, format helpers for int64 and date-time), and a realistic list page.

struct TestUser: Codable, Sendable, Equatable {
    var kind: String?
    var displayName: String?
    var emailAddress: String?
    var permissionId: String?
    var photoLink: String?
    var me: Bool?
}

struct TestFile: Codable, Sendable, Equatable {
    var kind: String?
    var id: String?
    var name: String?
    var mimeType: String?
    var size: Int64?
    var version: Int64?
    var createdTime: Date?
    var modifiedTime: Date?
    var owners: [TestUser]?
    var parents: [String]?
    var md5Checksum: String?
    var trashed: Bool?
    var starred: Bool?
    var webViewLink: String?
    var quotaBytesUsed: Int64?
    var properties: [String: String]?
    var contentHints: JSONValue?

    enum CodingKeys: String, CodingKey {
        case kind, id, name, mimeType, size, version, createdTime, modifiedTime, owners, parents, md5Checksum
        case trashed, starred, webViewLink, quotaBytesUsed, properties, contentHints
    }

    init(
        kind: String? = nil, id: String? = nil, name: String? = nil, mimeType: String? = nil, size: Int64? = nil,
        version: Int64? = nil, createdTime: Date? = nil, modifiedTime: Date? = nil, owners: [TestUser]? = nil,
        parents: [String]? = nil, md5Checksum: String? = nil, trashed: Bool? = nil, starred: Bool? = nil,
        webViewLink: String? = nil, quotaBytesUsed: Int64? = nil, properties: [String: String]? = nil,
        contentHints: JSONValue? = nil
    ) {
        self.kind = kind
        self.id = id
        self.name = name
        self.mimeType = mimeType
        self.size = size
        self.version = version
        self.createdTime = createdTime
        self.modifiedTime = modifiedTime
        self.owners = owners
        self.parents = parents
        self.md5Checksum = md5Checksum
        self.trashed = trashed
        self.starred = starred
        self.webViewLink = webViewLink
        self.quotaBytesUsed = quotaBytesUsed
        self.properties = properties
        self.contentHints = contentHints
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType)
        size = try container.decodeGoogleInt64IfPresent(forKey: .size)
        version = try container.decodeGoogleInt64IfPresent(forKey: .version)
        createdTime = try container.decodeGoogleDateIfPresent(forKey: .createdTime)
        modifiedTime = try container.decodeGoogleDateIfPresent(forKey: .modifiedTime)
        owners = try container.decodeIfPresent([TestUser].self, forKey: .owners)
        parents = try container.decodeIfPresent([String].self, forKey: .parents)
        md5Checksum = try container.decodeIfPresent(String.self, forKey: .md5Checksum)
        trashed = try container.decodeIfPresent(Bool.self, forKey: .trashed)
        starred = try container.decodeIfPresent(Bool.self, forKey: .starred)
        webViewLink = try container.decodeIfPresent(String.self, forKey: .webViewLink)
        quotaBytesUsed = try container.decodeGoogleInt64IfPresent(forKey: .quotaBytesUsed)
        properties = try container.decodeIfPresent([String: String].self, forKey: .properties)
        contentHints = try container.decodeIfPresent(JSONValue.self, forKey: .contentHints)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(mimeType, forKey: .mimeType)
        try container.encodeGoogleInt64IfPresent(size, forKey: .size)
        try container.encodeGoogleInt64IfPresent(version, forKey: .version)
        try container.encodeGoogleDateIfPresent(createdTime, forKey: .createdTime)
        try container.encodeGoogleDateIfPresent(modifiedTime, forKey: .modifiedTime)
        try container.encodeIfPresent(owners, forKey: .owners)
        try container.encodeIfPresent(parents, forKey: .parents)
        try container.encodeIfPresent(md5Checksum, forKey: .md5Checksum)
        try container.encodeIfPresent(trashed, forKey: .trashed)
        try container.encodeIfPresent(starred, forKey: .starred)
        try container.encodeIfPresent(webViewLink, forKey: .webViewLink)
        try container.encodeGoogleInt64IfPresent(quotaBytesUsed, forKey: .quotaBytesUsed)
        try container.encodeIfPresent(properties, forKey: .properties)
        try container.encodeIfPresent(contentHints, forKey: .contentHints)
    }
}

struct TestFileList: Codable, Equatable {
    var kind: String?
    var nextPageToken: String?
    var incompleteSearch: Bool?
    var files: [TestFile]?

}

enum DriveFixtures {
    /// A files.list page like Drive's: `count` files with owners, dates and int64 sizes.
    static func fileListJSON(count: Int = 50, nextPageToken: String? = "token-2") -> Data {
        var files: [String] = []
        for index in 0..<count {
            files.append(
                """
                {"kind":"drive#file","id":"1AbCdEfGhIjKlMnOpQrStUvWxYz\(index)","name":"Quarterly report \(index) (final).pdf",\
                "mimeType":"application/pdf","parents":["0BxRoOtFoLdEr"],"starred":\(index % 2 == 0),"trashed":false,\
                "version":"\(100 + index)","webViewLink":"https://drive.google.com/file/d/1AbC\(index)/view?usp=drivesdk",\
                "createdTime":"2024-01-\(String(format: "%02d", index % 28 + 1))T10:15:30.123Z",\
                "modifiedTime":"2024-03-05T08:0\(index % 10):00.000Z","md5Checksum":"9e107d9d372bb6826bd81d3542a419d6",\
                "size":"\(1_048_576 * (index + 1))","quotaBytesUsed":"\(1_048_576 * (index + 1))",\
                "owners":[{"kind":"drive#user","displayName":"Ada Lovelace","emailAddress":"ada@example.com",\
                "permissionId":"0123456789","photoLink":"https://lh3.googleusercontent.com/a/default-user=s64","me":true}]}
                """)
        }
        let token = nextPageToken.map { "\"nextPageToken\":\"\($0)\"," } ?? ""
        return Data("{\"kind\":\"drive#fileList\",\(token)\"incompleteSearch\":false,\"files\":[\(files.joined(separator: ","))]}".utf8)
    }
}
