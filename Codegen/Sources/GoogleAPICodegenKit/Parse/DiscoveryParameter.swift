// MARK: - DiscoveryParameter

/// A method or service parameter (path or query).
public struct DiscoveryParameter: Codable, Sendable {
    public var type: String
    public var format: String?
    public var location: String?
    public var required: Bool?
    public var repeated: Bool?
    public var `enum`: [String]?
    public var enumDescriptions: [String]?
    public var pattern: String?
    public var `default`: DiscoveryScalar?
    public var minimum: String?
    public var maximum: String?
    public var description: String?
    public var deprecated: Bool?
}

// MARK: - DiscoveryScalar

/// A `default` value: Discovery writes strings, but a number or boolean is accepted too.
public struct DiscoveryScalar: Codable, Sendable, Equatable {
    public var text: String

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else if let bool = try? container.decode(Bool.self) {
            text = String(bool)
        } else {
            text = String(try container.decode(Double.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
