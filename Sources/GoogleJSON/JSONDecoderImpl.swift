import Foundation

// MARK: - JSONDecoderImpl

/// The `Decoder` over a ``JSONTape``. One instance serves a whole decode: nested values are
/// decoded by moving `index` and restoring it afterwards, so no decoder is allocated per value.
final class JSONDecoderImpl: Decoder {
    let tape: JSONTape
    /// The token the next `container` / `singleValueContainer` call reads.
    var index: Int
    let userInfoStorage: [CodingUserInfoKey: any Sendable]
    /// Set by the default ``GoogleJSONFastDecodable/init(googleJSON:)``, which made this decoder
    /// to call `type`'s `init(from:)` on the value at `index`; the default `init(from:)` must
    /// not send that value back to it.
    var fallback: (type: ObjectIdentifier, index: Int)?
    private var keyCaches: [ObjectIdentifier: AnyObject] = [:]
    private var lastKeyCache: (id: ObjectIdentifier, cache: AnyObject)?

    init(tape: JSONTape, index: Int, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.tape = tape
        self.index = index
        self.userInfoStorage = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { userInfoStorage }

    var codingPath: [any CodingKey] { codingPath(to: index) }

    func codingPath(to target: Int) -> [any CodingKey] {
        tape.components(to: target).map { component in
            switch component {
            case .key(let key): JSONCodingKey(stringValue: key)
            case .index(let position): JSONCodingKey(intValue: position)
            }
        }
    }

    /// The per-decode cache of `Key(stringValue:)` results for one key type.
    func keyCache<Key: CodingKey>(_ type: Key.Type) -> JSONKeyCache<Key> {
        let id = ObjectIdentifier(Key.self)
        if let lastKeyCache, lastKeyCache.id == id { return unsafeDowncast(lastKeyCache.cache, to: JSONKeyCache<Key>.self) }
        let cache: JSONKeyCache<Key>
        if let existing = keyCaches[id] {
            cache = unsafeDowncast(existing, to: JSONKeyCache<Key>.self)
        } else {
            cache = JSONKeyCache<Key>()
            keyCaches[id] = cache
        }
        lastKeyCache = (id, cache)
        return cache
    }

    /// The keys of the object at `object` that `Key` knows, in document order.
    func allKeys<Key: CodingKey>(_ type: Key.Type, inObject object: Int) -> [Key] {
        let cache = keyCache(Key.self)
        var keys: [Key] = []
        keys.reserveCapacity(Int(tape.tokens[object].length))
        var child = object + 1
        let end = Int(tape.tokens[object].end)
        while child < end {
            let token = tape.tokens[child]
            let key: Key?
            if token.flags == 0 {
                let spelling = tape.buffer(of: token)
                key = cache.key(for: spelling) { Key(stringValue: String(decoding: spelling, as: UTF8.self)) }
            } else {
                key = (try? tape.string(at: child)).flatMap { Key(stringValue: $0) }
            }
            if let key { keys.append(key) }
            child = Int(tape.tokens[child + 1].end)
        }
        return keys
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(Key.self, at: index)
    }

    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, at position: Int) throws(GoogleJSONDecodingError) -> KeyedDecodingContainer<Key> {
        guard tape.tokens[position].kind == .object else {
            throw tape.error(.typeMismatch, at: position, "expected an object, found \(tape.tokens[position].kind)")
        }
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(decoder: self, object: position))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: index)
    }

    @inline(__always)
    func unkeyedContainer(at position: Int) throws(GoogleJSONDecodingError) -> JSONUnkeyedContainer {
        guard tape.tokens[position].kind == .array else {
            throw tape.error(.typeMismatch, at: position, "expected an array, found \(tape.tokens[position].kind)")
        }
        return JSONUnkeyedContainer(decoder: self, array: position)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(decoder: self, position: index)
    }

    // MARK: - Unboxing

    @inline(__always)
    func isNull(_ position: Int) -> Bool { tape.tokens[position].kind == .null }

    func valueNotFound(_ type: Any.Type, at position: Int) -> GoogleJSONDecodingError {
        tape.error(.valueNotFound, at: position, "expected \(type), found null")
    }

    func unboxBool(at position: Int) throws(GoogleJSONDecodingError) -> Bool {
        switch tape.tokens[position].kind {
        case .true: return true
        case .false: return false
        case .null: throw valueNotFound(Bool.self, at: position)
        case let kind: throw tape.error(.typeMismatch, at: position, "expected a boolean, found \(kind)")
        }
    }

    @inline(__always)
    func unboxString(at position: Int) throws(GoogleJSONDecodingError) -> String {
        if isNull(position) { throw valueNotFound(String.self, at: position) }
        return try tape.string(at: position)
    }

    @inline(__always)
    func unboxInteger<T: FixedWidthInteger>(_ type: T.Type, at position: Int) throws(GoogleJSONDecodingError) -> T {
        if isNull(position) { throw valueNotFound(T.self, at: position) }
        return try tape.integer(T.self, at: position, allowString: false)
    }

    func unboxDouble(at position: Int) throws(GoogleJSONDecodingError) -> Double {
        if isNull(position) { throw valueNotFound(Double.self, at: position) }
        return try tape.double(at: position, allowString: true)
    }

    func unboxFloat(at position: Int) throws(GoogleJSONDecodingError) -> Float {
        let value = try unboxDouble(at: position)
        let narrowed = Float(value)
        guard narrowed.isFinite || !value.isFinite else {
            throw tape.error(.numberOutOfRange, at: position, "\(value) does not fit Float")
        }
        return narrowed
    }

    func unboxDate(at position: Int) throws(GoogleJSONDecodingError) -> Date {
        try tape.date(at: position)
    }

    func unboxBytes(at position: Int) throws(GoogleJSONDecodingError) -> Data {
        try tape.bytes(at: position)
    }

    /// URLs are plain strings in Google's JSON (Foundation's `Codable` form is an object).
    func unboxURL(at position: Int) throws(GoogleJSONDecodingError) -> URL {
        let text = try unboxString(at: position)
        guard let url = URL(string: text) else {
            throw tape.error(.invalidFormat, at: position, "\"\(text.prefix(40))\" is not a URL")
        }
        return url
    }

    /// `[String]` without the generic `Array.init(from:)` (which appends one element at a time).
    func unboxStringArray(at position: Int) throws(GoogleJSONDecodingError) -> [String] {
        let token = tape.tokens[position]
        guard token.kind == .array else {
            if token.kind == .null { throw valueNotFound([String].self, at: position) }
            throw tape.error(.typeMismatch, at: position, "expected an array, found \(token.kind)")
        }
        var result: [String] = []
        result.reserveCapacity(Int(token.length))
        var child = position + 1
        while child < Int(token.end) {
            result.append(try unboxString(at: child))
            child = Int(tape.tokens[child].end)
        }
        return result
    }

    /// Decodes any `Decodable` at `position`, taking fast paths for scalars and Discovery formats.
    @inline(__always)
    func unbox<T: Decodable>(_ type: T.Type, at position: Int) throws -> T {
        if T.self == String.self { return unsafeBitCast(try unboxString(at: position), to: T.self) }
        if T.self == GoogleDate.self { return unsafeBitCast(GoogleDate(try unboxDate(at: position)), to: T.self) }
        if T.self == GoogleInt64.self {
            if isNull(position) { throw valueNotFound(T.self, at: position) }
            return unsafeBitCast(GoogleInt64(try tape.integer(Int64.self, at: position, allowString: true)), to: T.self)
        }
        if T.self == GoogleUInt64.self {
            if isNull(position) { throw valueNotFound(T.self, at: position) }
            return unsafeBitCast(GoogleUInt64(try tape.integer(UInt64.self, at: position, allowString: true)), to: T.self)
        }
        if T.self == Int.self { return unsafeBitCast(try unboxInteger(Int.self, at: position), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try unboxBool(at: position), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try unboxDouble(at: position), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try unboxInteger(Int64.self, at: position), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try unboxInteger(Int32.self, at: position), to: T.self) }
        if T.self == Date.self { return unsafeBitCast(try unboxDate(at: position), to: T.self) }
        if T.self == GoogleBytes.self { return unsafeBitCast(GoogleBytes(try unboxBytes(at: position)), to: T.self) }
        if T.self == Data.self { return unsafeBitCast(try unboxBytes(at: position), to: T.self) }
        if T.self == JSONValue.self { return unsafeBitCast(try tape.jsonValue(at: position), to: T.self) }
        if T.self == [String].self { return unsafeBitCast(try unboxStringArray(at: position), to: T.self) }
        if T.self == URL.self { return unsafeBitCast(try unboxURL(at: position), to: T.self) }
        let saved = index
        index = position
        defer { index = saved }
        return try T(from: self)
    }
}
