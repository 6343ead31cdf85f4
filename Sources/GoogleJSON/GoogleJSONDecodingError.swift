// MARK: - GoogleJSONDecodingError

/// JSON that could not be decoded: malformed syntax, or a value that does not fit the type.
///
/// `path` names the JSON location (e.g. `files[3].size`, empty for the root) and `byteOffset` the
/// position in the input, so the failing value can be found. Never contains more than a short
/// excerpt of a value.
public struct GoogleJSONDecodingError: Error, Sendable, Hashable {
    /// What kind of failure this was. New kinds may appear in later releases, so a `switch`
    /// over kinds needs a `default`.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The bytes are not valid JSON.
        public static let syntax = Kind(rawValue: "syntax")
        /// Nesting deeper than the decoder's limit.
        public static let tooDeep = Kind(rawValue: "tooDeep")
        /// A value has a different JSON type than expected.
        public static let typeMismatch = Kind(rawValue: "typeMismatch")
        /// A required key is missing.
        public static let keyNotFound = Kind(rawValue: "keyNotFound")
        /// A required value is `null` or an array ran out of elements.
        public static let valueNotFound = Kind(rawValue: "valueNotFound")
        /// A number does not fit the requested type.
        public static let numberOutOfRange = Kind(rawValue: "numberOutOfRange")
        /// A string is not in the expected format (date, int64, base64, UTF-8).
        public static let invalidFormat = Kind(rawValue: "invalidFormat")
        /// An error thrown by a type's own `init(from:)`.
        public static let dataCorrupted = Kind(rawValue: "dataCorrupted")
        /// A type conforms to ``GoogleJSONFastDecodable`` but implements neither `init(from:)`
        /// nor `init(googleJSON:)`, so nothing can decode it (a programming error, reported
        /// instead of recursing without end).
        public static let missingDecoder = Kind(rawValue: "missingDecoder")
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
