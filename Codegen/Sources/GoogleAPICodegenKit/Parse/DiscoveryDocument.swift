// MARK: - DiscoveryDocument

/// A Google API Discovery REST description (https://developers.google.com/discovery/v1/reference/apis).
/// Only the structural keys the generator uses are modelled; unknown keys are ignored.
public struct DiscoveryDocument: Codable, Sendable {
    public var kind: String?
    public var id: String?
    public var name: String?
    public var canonicalName: String?
    public var version: String?
    public var title: String?
    public var description: String?
    public var rootUrl: String?
    public var servicePath: String?
    public var basePath: String?
    /// Deprecated by Discovery in favour of `rootUrl` + `servicePath`; checked, not used.
    public var baseUrl: String?
    public var batchPath: String?
    public var parameters: [String: DiscoveryParameter]?
    public var auth: DiscoveryAuth?
    public var schemas: [String: DiscoverySchema]?
    public var resources: [String: DiscoveryResource]?
    /// Methods directly on the service (rare, e.g. oauth2.v2's `tokeninfo`).
    public var methods: [String: DiscoveryMethod]?
}

// MARK: - Auth

public struct DiscoveryAuth: Codable, Sendable {
    public var oauth2: OAuth2?

    public struct OAuth2: Codable, Sendable {
        public var scopes: [String: Scope]?
    }

    public struct Scope: Codable, Sendable {
        public var description: String?
    }
}

// MARK: - Resource

public struct DiscoveryResource: Codable, Sendable {
    public var methods: [String: DiscoveryMethod]?
    public var resources: [String: DiscoveryResource]?
    public var deprecated: Bool?
}

// MARK: - Method

public struct DiscoveryMethod: Codable, Sendable {
    public var id: String?
    public var path: String
    public var flatPath: String?
    public var httpMethod: String
    public var description: String?
    public var parameters: [String: DiscoveryParameter]?
    public var parameterOrder: [String]?
    /// Usually `{"$ref": "File"}`; a few APIs describe the body inline.
    public var request: DiscoverySchema?
    public var response: DiscoverySchema?
    public var scopes: [String]?
    public var supportsMediaDownload: Bool?
    public var supportsMediaUpload: Bool?
    public var useMediaDownloadService: Bool?
    public var mediaUpload: DiscoveryMediaUpload?
    public var deprecated: Bool?
}

public struct DiscoveryMediaUpload: Codable, Sendable {
    public var accept: [String]?
    public var maxSize: String?
    public var protocols: Protocols?

    public struct Protocols: Codable, Sendable {
        public var simple: Endpoint?
        public var resumable: Endpoint?
    }

    public struct Endpoint: Codable, Sendable {
        public var multipart: Bool?
        public var path: String
    }
}
