// MARK: - GoogleAPIEnum

/// What a generated enum is: `Codable`, `Sendable`, equal and hashed by its wire value
/// (`GoogleStringEnum`), usable as a query parameter, and decoded from a document by its case
/// table. The enum declares its cases, `init(rawValue:)` and `rawValue`; this protocol's
/// extension provides the rest, the same for every enum (it was a dozen lines in each).
public protocol GoogleAPIEnum: Codable, Sendable, GoogleStringEnum, APIParameterValue, GoogleJSONFastDecodable {
    /// The case for a wire value; unknown values become the enum's `unrecognized` case.
    /// - Parameter rawValue: The wire value.
    init(rawValue: String)
}

extension GoogleAPIEnum {
    /// The wire value.
    public var apiParameterString: String { rawValue }

    /// The case for the string (or boolean or number) `json` holds.
    /// - Throws: `GoogleJSONDecodingError` for null, arrays and objects.
    @_spi(Generated) @inlinable
    public init(googleJSON json: GoogleJSONValueRef) throws {
        self.init(rawValue: try json.enumRawValue())
    }

    /// Encodes the wire value as a single string.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
