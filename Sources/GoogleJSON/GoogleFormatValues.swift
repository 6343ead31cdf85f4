public import Foundation

// MARK: - GoogleInt64

/// An `int64` as Google sends it: a JSON string (a number is accepted too).
public struct GoogleInt64: Codable, Sendable, Hashable {
    public var value: Int64
    public init(_ value: Int64) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = Int64(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text.prefix(40))' is not an int64")
            }
            self.value = value
        } else {
            self.value = try container.decode(Int64.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}

// MARK: - GoogleUInt64

/// A `uint64` as Google sends it: a JSON string (a number is accepted too).
public struct GoogleUInt64: Codable, Sendable, Hashable {
    public var value: UInt64
    public init(_ value: UInt64) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = UInt64(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text.prefix(40))' is not a uint64")
            }
            self.value = value
        } else {
            self.value = try container.decode(UInt64.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}

// MARK: - GoogleDate

/// A `date-time` / `google-datetime` value: an RFC 3339 string.
public struct GoogleDate: Codable, Sendable, Hashable {
    public var value: Date
    public init(_ value: Date) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = RFC3339.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text.prefix(40))' is not an RFC 3339 date-time")
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(RFC3339.format(value))
    }
}

// MARK: - GoogleBytes

/// A `byte` value: base64 (standard or URL-safe, padded or not) on decode, standard padded base64
/// on encode, as Google sends it.
public struct GoogleBytes: Codable, Sendable, Hashable {
    public var value: Data
    public init(_ value: Data) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = GoogleBase64.decode(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not base64 or base64url")
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.base64EncodedString())
    }
}

// MARK: - GoogleBase64

/// Decodes both base64 alphabets, with or without padding, as Discovery's `byte` format arrives.
/// (Encoding base64url, for PKCE and JWTs, is GoogleHTTPTypes' `Base64URL`.)
public enum GoogleBase64 {
    public static func decode(_ text: String) -> Data? {
        var normalized = ""
        normalized.reserveCapacity(text.utf8.count + 3)
        for character in text.unicodeScalars {
            switch character {
            case "-": normalized.unicodeScalars.append("+")
            case "_": normalized.unicodeScalars.append("/")
            case "\n", "\r", " ": continue
            default: normalized.unicodeScalars.append(character)
            }
        }
        let remainder = normalized.utf8.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { normalized += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: normalized)
    }
}
