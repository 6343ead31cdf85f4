// MARK: - DiscoverySchema

/// A JSON schema in Discovery's dialect. A class because schemas nest (`items`,
/// `properties`, `additionalProperties`); immutable, so sharing is safe.
public final class DiscoverySchema: Codable, Sendable {
    public let id: String?
    public let type: String?
    public let ref: String?
    public let format: String?
    public let description: String?
    public let properties: [String: DiscoverySchema]?
    public let items: DiscoverySchema?
    public let additionalProperties: DiscoverySchema?
    public let `enum`: [String]?
    public let enumDescriptions: [String]?
    public let deprecated: Bool?
    public let readOnly: Bool?
    public let pattern: String?

    enum CodingKeys: String, CodingKey {
        case id, type
        case ref = "$ref"
        case format, description, properties, items, additionalProperties
        case `enum`, enumDescriptions, deprecated, readOnly, pattern
    }

    public init(
        id: String? = nil, type: String? = nil, ref: String? = nil, format: String? = nil,
        description: String? = nil, properties: [String: DiscoverySchema]? = nil,
        items: DiscoverySchema? = nil, additionalProperties: DiscoverySchema? = nil,
        enum enumValues: [String]? = nil, enumDescriptions: [String]? = nil,
        deprecated: Bool? = nil, readOnly: Bool? = nil, pattern: String? = nil
    ) {
        self.id = id
        self.type = type
        self.ref = ref
        self.format = format
        self.description = description
        self.properties = properties
        self.items = items
        self.additionalProperties = additionalProperties
        self.enum = enumValues
        self.enumDescriptions = enumDescriptions
        self.deprecated = deprecated
        self.readOnly = readOnly
        self.pattern = pattern
    }
}
