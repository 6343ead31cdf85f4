public import Foundation

// MARK: - Decoding Discovery formats

extension KeyedDecodingContainer {
    /// An `int64` sent as `"123"` (or `123`); `nil` when absent or null.
    public func decodeGoogleInt64IfPresent(forKey key: Key) throws -> Int64? {
        try decodeIfPresent(GoogleInt64.self, forKey: key)?.value
    }

    /// A `uint64` sent as `"123"` (or `123`); `nil` when absent or null.
    public func decodeGoogleUInt64IfPresent(forKey key: Key) throws -> UInt64? {
        try decodeIfPresent(GoogleUInt64.self, forKey: key)?.value
    }

    /// An RFC 3339 `date-time`; `nil` when absent or null.
    public func decodeGoogleDateIfPresent(forKey key: Key) throws -> Date? {
        try decodeIfPresent(GoogleDate.self, forKey: key)?.value
    }

    /// A base64 or base64url `byte` value; `nil` when absent or null.
    public func decodeGoogleBytesIfPresent(forKey key: Key) throws -> Data? {
        try decodeIfPresent(GoogleBytes.self, forKey: key)?.value
    }
}

// MARK: - Encoding Discovery formats

extension KeyedEncodingContainer {
    /// Encodes an `int64` as a decimal string; omits `nil`.
    public mutating func encodeGoogleInt64IfPresent(_ value: Int64?, forKey key: Key) throws {
        try encodeIfPresent(value.map(GoogleInt64.init), forKey: key)
    }

    /// Encodes a `uint64` as a decimal string; omits `nil`.
    public mutating func encodeGoogleUInt64IfPresent(_ value: UInt64?, forKey key: Key) throws {
        try encodeIfPresent(value.map(GoogleUInt64.init), forKey: key)
    }

    /// Encodes a date as RFC 3339 in UTC; omits `nil`.
    public mutating func encodeGoogleDateIfPresent(_ value: Date?, forKey key: Key) throws {
        try encodeIfPresent(value.map(GoogleDate.init), forKey: key)
    }

    /// Encodes bytes as standard padded base64; omits `nil`.
    public mutating func encodeGoogleBytesIfPresent(_ value: Data?, forKey key: Key) throws {
        try encodeIfPresent(value.map(GoogleBytes.init), forKey: key)
    }
}
