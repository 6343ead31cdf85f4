// MARK: - GoogleJSONMemberWriter

/// What generated `encode(to:)` methods write their members through: one call per member,
/// the key a plain string, `nil` left out.
///
/// Nothing here is inlinable, on purpose: `KeyedEncodingContainer.encodeIfPresent` specialized
/// into every member of every generated type was a large share of the optimized code (and so
/// of the build time) of a generated module, for values that are encoded only into request
/// bodies, where one generic call per member costs nothing next to the request.
@_spi(Generated)
public struct GoogleJSONMemberWriter {
    private var container: KeyedEncodingContainer<GoogleJSONCodingKey>

    /// Starts a keyed container on `encoder`.
    /// - Parameter encoder: The encoder `encode(to:)` was given.
    public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: GoogleJSONCodingKey.self)
    }

    /// Writes `value` under `key`; `nil` leaves the key out.
    /// - Parameters:
    ///   - value: The member.
    ///   - key: Its wire name.
    /// - Throws: What the encoder throws.
    public mutating func write<T: Encodable>(_ value: T?, _ key: String) throws {
        guard let value else { return }
        try container.encode(value, forKey: GoogleJSONCodingKey(stringValue: key))
    }

    /// Writes `value` in the wire form `wire` (`as: GoogleInt64.self` sends an `Int64` as a
    /// string) under `key`; `nil` leaves the key out.
    /// - Parameters:
    ///   - value: The member.
    ///   - wire: Its wire form.
    ///   - key: Its wire name.
    /// - Throws: What the encoder throws.
    public mutating func write<Wire: GoogleJSONWireValue>(_ value: Wire.Value?, as wire: Wire.Type, _ key: String) throws {
        guard let value else { return }
        try container.encode(Wire(value), forKey: GoogleJSONCodingKey(stringValue: key))
    }

    /// Encodes a generated enum's wire value as a single string.
    /// - Parameters:
    ///   - rawValue: The wire value.
    ///   - encoder: The encoder the enum's `encode(to:)` was given.
    /// - Throws: What the encoder throws.
    public static func writeWireValue(_ rawValue: String, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
