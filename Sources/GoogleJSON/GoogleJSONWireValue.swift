// MARK: - GoogleJSONWireValue

/// A Swift value together with its Google wire form: the Discovery formats (`GoogleInt64` is an
/// `Int64` sent as a JSON string, `GoogleDate` a `Date` as RFC 3339 text, …) and arrays and maps
/// of them (``GoogleJSONArrayOf``, ``GoogleJSONMapOf``).
///
/// Generated code names the whole wire type once — `[[Int64]]` in int64 format is
/// `GoogleJSONArrayOf<GoogleJSONArrayOf<GoogleInt64>>` — and converts with one call, where
/// nested `.map { $0.map { … } }` closures made the type checker's work grow exponentially
/// with the nesting depth.
public protocol GoogleJSONWireValue: Codable, Sendable, GoogleJSONFastDecodable {
    /// The Swift type callers see.
    associatedtype Value: Sendable
    /// The Swift value.
    var value: Value { get }
    /// Wraps a Swift value for encoding.
    init(_ value: Value)
}

extension GoogleInt64: GoogleJSONWireValue {}
extension GoogleUInt64: GoogleJSONWireValue {}
extension GoogleDate: GoogleJSONWireValue {}
extension GoogleBytes: GoogleJSONWireValue {}

// MARK: - GoogleJSONArrayOf

/// An array whose elements have a wire form: `[Element.Value]` on the Swift side.
public struct GoogleJSONArrayOf<Element: GoogleJSONWireValue>: GoogleJSONWireValue {
    public var value: [Element.Value]

    public init(_ value: [Element.Value]) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        value = try [Element](from: decoder).map(\.value)
    }

    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        value = try [Element](googleJSON: json).map(\.value)
    }

    public func encode(to encoder: any Encoder) throws {
        try value.map(Element.init).encode(to: encoder)
    }
}

// MARK: - GoogleJSONMapOf

/// A JSON object whose values have a wire form: `[String: Element.Value]` on the Swift side.
public struct GoogleJSONMapOf<Element: GoogleJSONWireValue>: GoogleJSONWireValue {
    public var value: [String: Element.Value]

    public init(_ value: [String: Element.Value]) {
        self.value = value
    }

    public init(from decoder: any Decoder) throws {
        value = try [String: Element](from: decoder).mapValues(\.value)
    }

    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        value = try [String: Element](googleJSON: json).mapValues(\.value)
    }

    public func encode(to encoder: any Encoder) throws {
        try value.mapValues(Element.init).encode(to: encoder)
    }
}

// MARK: - Encoding

extension KeyedEncodingContainer {
    /// Encodes `value` in the wire form `wire` (`as: GoogleInt64.self` sends an `Int64` as a
    /// string); `nil` leaves the key out.
    /// - Throws: What the encoder throws.
    @inlinable
    public mutating func encodeIfPresent<Wire: GoogleJSONWireValue>(_ value: Wire.Value?, as wire: Wire.Type, forKey key: Key) throws {
        guard let value else { return }
        try encode(Wire(value), forKey: key)
    }
}

// MARK: - GoogleJSONCodingKey

/// The coding key generated `encode(to:)` methods use: the member's wire name, written as a
/// string literal (no per-type `CodingKeys` enum to compile).
public struct GoogleJSONCodingKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init?(intValue: Int) {
        return nil
    }

    public init(stringLiteral value: String) {
        stringValue = value
    }
}
