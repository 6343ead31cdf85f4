import Foundation
import GoogleAPIRuntime

// The Drive file fields the runtime tests send and check, written the way the generator emits a
// schema type (explicit CodingKeys, `int64` through the format helpers). GoogleJSONTests has the
// full stand-in for a generated `File` the decoder tests need.

struct TestFile: Codable, Sendable, Equatable {
    var id: String?
    var name: String?
    var mimeType: String?
    var parents: [String]?
    var size: Int64?

    enum CodingKeys: String, CodingKey {
        case id, name, mimeType, parents, size
    }

    init(id: String? = nil, name: String? = nil, mimeType: String? = nil, parents: [String]? = nil, size: Int64? = nil) {
        self.id = id
        self.name = name
        self.mimeType = mimeType
        self.parents = parents
        self.size = size
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType)
        parents = try container.decodeIfPresent([String].self, forKey: .parents)
        size = try container.decodeGoogleInt64IfPresent(forKey: .size)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(mimeType, forKey: .mimeType)
        try container.encodeIfPresent(parents, forKey: .parents)
        try container.encodeGoogleInt64IfPresent(size, forKey: .size)
    }
}

struct TestFileList: PageableResponse, Codable, Equatable {
    var nextPageToken: String?
    var files: [TestFile]?

    var pageItems: [TestFile] { files ?? [] }
}
