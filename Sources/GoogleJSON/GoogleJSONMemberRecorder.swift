// MARK: - GoogleJSONMemberRecorder

/// The encoder ``GoogleMemberwiseEquatable``'s `==` runs a value's `encode(to:)` with: the
/// members the value writes through ``GoogleJSONMemberWriter`` are kept as values (by key
/// position), anything else is encoded as JSON by an ordinary encoder.
final class GoogleJSONMemberRecorder: Encoder {
    /// The members written, in order: key position and value.
    private(set) var members: [(position: Int, value: any Equatable)] = []
    /// What was encoded other than recorded members.
    private let inner = JSONEncoderImpl(codingPath: [], userInfo: [:])

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }

    /// Keeps `value` when it is `Equatable` (every member of a generated type is); `false`
    /// when it is not, and the writer encodes it instead.
    func record<T>(_ value: T, at position: Int) -> Bool {
        guard let equatable = value as? any Equatable else { return false }
        members.append((position, equatable))
        return true
    }

    /// The JSON of what was encoded other than recorded members.
    private var encodedText: [UInt8] {
        guard let value = inner.value else { return [] }
        var writer = JSONWriter(sortsKeys: true)
        writer.write(value)
        return writer.output
    }

    /// Whether `lhs` and `rhs` write equal members and encode the same otherwise.
    static func equal<T: Encodable>(_ lhs: T, _ rhs: T) -> Bool {
        let left = GoogleJSONMemberRecorder()
        let right = GoogleJSONMemberRecorder()
        do {
            try lhs.encode(to: left)
            try rhs.encode(to: right)
        } catch {
            return false
        }
        guard left.members.count == right.members.count else { return false }
        for (one, other) in zip(left.members, right.members) {
            guard one.position == other.position, isEqual(one.value, other.value) else { return false }
        }
        return left.encodedText == right.encodedText
    }

    private static func isEqual(_ lhs: any Equatable, _ rhs: any Equatable) -> Bool {
        func compare<Value: Equatable>(_ value: Value) -> Bool {
            guard let other = rhs as? Value else { return false }
            return value == other
        }
        return compare(lhs)
    }
}
