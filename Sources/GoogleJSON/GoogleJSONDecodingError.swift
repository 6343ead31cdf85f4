// MARK: - GoogleJSONDecodingError

/// JSON that could not be decoded: malformed syntax, or a value that does not fit the type.
///
/// `path` names the JSON location (e.g. `files[3].size`, empty for the root) and `byteOffset` the
/// position in the input, so the failing value can be found. Never contains more than a short
/// excerpt of a value.
public struct GoogleJSONDecodingError: Error, Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The bytes are not valid JSON.
        case syntax
        /// Nesting deeper than the decoder's limit.
        case tooDeep
        /// A value has a different JSON type than expected.
        case typeMismatch
        /// A required key is missing.
        case keyNotFound
        /// A required value is `null` or an array ran out of elements.
        case valueNotFound
        /// A number does not fit the requested type.
        case numberOutOfRange
        /// A string is not in the expected format (date, int64, base64, UTF-8).
        case invalidFormat
        /// An error thrown by a type's own `init(from:)`.
        case dataCorrupted
    }

    public var kind: Kind
    /// The location, like `files[3].size`; empty for the root value.
    public var path: String
    /// The offset of the offending byte or value in the input.
    public var byteOffset: Int
    public var message: String

    public init(kind: Kind, path: String, byteOffset: Int, message: String) {
        self.kind = kind
        self.path = path
        self.byteOffset = byteOffset
        self.message = message
    }
}

// MARK: - CustomStringConvertible

extension GoogleJSONDecodingError: CustomStringConvertible {
    public var description: String {
        let location = path.isEmpty ? "the root value" : "'\(path)'"
        return "JSON \(kind) at \(location) (byte \(byteOffset)): \(message)"
    }
}
