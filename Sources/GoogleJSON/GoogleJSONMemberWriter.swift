// MARK: - GoogleJSONMemberWriter

/// What generated `encode(to:)` methods write their members through: one call per member,
/// the key its position in the type's key table, `nil` left out, and the first error thrown
/// by ``finish()``.
///
/// Nothing here is inlinable, on purpose: `KeyedEncodingContainer.encodeIfPresent` specialized
/// into every member of every generated type was a large share of the optimized code (and so
/// of the build time) of a generated module, for values that are encoded only into request
/// bodies, where one generic call per member costs nothing next to the request. The writes
/// don't throw, so a member is no more than its call: an error path per member (releasing
/// what was live there) was as much code again.
@_spi(Generated)
public struct GoogleJSONMemberWriter {
    private var container: KeyedEncodingContainer<GoogleJSONCodingKey>
    private let keys: GoogleJSONKeyTable?
    /// Set when `==` is comparing (``GoogleMemberwiseEquatable``): members go to it as values.
    private let recorder: GoogleJSONMemberRecorder?
    /// The first error a write met; later writes are skipped and ``finish()`` throws it.
    private var failure: (any Error)?
    /// Wire names of members written as `null` when their value is `nil`.
    private let nulls: Set<String>

    /// Starts a keyed container on `encoder` for a type whose wire names are `keys`.
    /// - Parameters:
    ///   - encoder: The encoder `encode(to:)` was given.
    ///   - keys: The type's key table (the one its decoder matches members with).
    public init(_ encoder: any Encoder, keys: GoogleJSONKeyTable) {
        self.init(encoder, keys: keys, nulls: [])
    }

    /// Starts a keyed container on `encoder` for a type whose wire names are `keys`, writing
    /// `null` for the members named in `nulls` whose value is `nil` (an explicit null clears a
    /// member in a PATCH or update; other `nil` members are left out).
    /// - Parameters:
    ///   - encoder: The encoder `encode(to:)` was given.
    ///   - keys: The type's key table (the one its decoder matches members with).
    ///   - nulls: Wire names of members to send as `null` when they are `nil`.
    public init(_ encoder: any Encoder, keys: GoogleJSONKeyTable, nulls: Set<String>) {
        container = encoder.container(keyedBy: GoogleJSONCodingKey.self)
        self.keys = keys
        self.nulls = nulls
        recorder = encoder as? GoogleJSONMemberRecorder
    }

    /// Starts a keyed container on `encoder`, for members written with their wire names
    /// (what code generated before key positions calls).
    /// - Parameter encoder: The encoder `encode(to:)` was given.
    public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: GoogleJSONCodingKey.self)
        keys = nil
        nulls = []
        recorder = nil
    }

    /// Writes `value` under the key at `position` in the key table; `nil` leaves the key out.
    /// - Parameters:
    ///   - value: The member.
    ///   - position: Its wire name's position in the key table.
    public mutating func write<T: Encodable>(_ value: T?, _ position: Int) {
        guard let value else { return writeNull(at: position) }
        guard failure == nil else { return }
        if let recorder, recorder.record(value, at: position) { return }
        do { try container.encode(value, forKey: key(at: position)) } catch { failure = error }
    }

    /// Writes `value` in the wire form `wire` (`as: GoogleInt64.self` sends an `Int64` as a
    /// string) under the key at `position`; `nil` leaves the key out.
    /// - Parameters:
    ///   - value: The member.
    ///   - wire: Its wire form.
    ///   - position: Its wire name's position in the key table.
    public mutating func write<Wire: GoogleJSONWireValue>(_ value: Wire.Value?, as wire: Wire.Type, _ position: Int) {
        guard let value else { return writeNull(at: position) }
        guard failure == nil else { return }
        if let recorder, recorder.record(value, at: position) { return }
        do { try container.encode(Wire(value), forKey: key(at: position)) } catch { failure = error }
    }

    /// Ends the object.
    /// - Throws: The first error the encoder threw for a member.
    public func finish() throws {
        if let failure { throw failure }
    }

    /// `null` for the absent member at `position` when it is one of ``nulls``.
    private mutating func writeNull(at position: Int) {
        guard !nulls.isEmpty, failure == nil, let keys else { return }
        let name = keys.key(at: position)
        guard nulls.contains(name) else { return }
        do { try container.encodeNil(forKey: GoogleJSONCodingKey(stringValue: name)) } catch { failure = error }
    }

    private func key(at position: Int) -> GoogleJSONCodingKey {
        guard let keys else { preconditionFailure("GoogleJSONMemberWriter: a key position without a key table") }
        return GoogleJSONCodingKey(stringValue: keys.key(at: position))
    }

    // MARK: - By wire name

    /// Writes `value` under `key`; `nil` leaves the key out (what code generated before key
    /// positions calls).
    /// - Parameters:
    ///   - value: The member.
    ///   - key: Its wire name.
    /// - Throws: What the encoder throws.
    public mutating func write<T: Encodable>(_ value: T?, _ key: String) throws {
        guard let value else { return }
        try container.encode(value, forKey: GoogleJSONCodingKey(stringValue: key))
    }

    /// Writes `value` in the wire form `wire` under `key`; `nil` leaves the key out (what code
    /// generated before key positions calls).
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
