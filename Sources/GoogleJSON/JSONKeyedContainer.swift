import Foundation

// MARK: - JSONKeyedContainer

struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONDecoderImpl
    /// The object's token index.
    let object: Int

    var tape: JSONTape { decoder.tape }

    var codingPath: [any CodingKey] { decoder.codingPath(to: object) }

    var allKeys: [Key] { decoder.allKeys(Key.self, inObject: object) }

    // MARK: - Lookup

    /// The value token for `key`, or `nil` when the object has no such key. Starts at the entry
    /// after the previous hit, so reading keys in document order costs one comparison each.
    @inline(__always)
    func find(_ key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { tape.findValue(inObject: object, key: UnsafeRawBufferPointer($0)) }
    }

    @inline(__always)
    func require(_ key: Key) throws(GoogleJSONDecodingError) -> Int {
        guard let position = find(key) else { throw keyNotFound(key) }
        return position
    }

    private func keyNotFound(_ key: Key) -> GoogleJSONDecodingError {
        let base = tape.path(to: object)
        return GoogleJSONDecodingError(
            kind: .keyNotFound, path: base.isEmpty ? key.stringValue : base + "." + key.stringValue,
            byteOffset: Int(tape.tokens[object].start), message: "required key '\(key.stringValue)' is missing")
    }

    /// The value token for `key` unless it is absent or null.
    @inline(__always)
    func present(_ key: Key) -> Int? {
        guard let position = find(key), tape.tokens[position].kind != .null else { return nil }
        return position
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(try require(key)) }

    // MARK: - Required values

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.unboxBool(at: try require(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.unboxString(at: try require(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.unboxDouble(at: try require(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.unboxFloat(at: try require(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.unboxInteger(Int.self, at: try require(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.unboxInteger(Int8.self, at: try require(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.unboxInteger(Int16.self, at: try require(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.unboxInteger(Int32.self, at: try require(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.unboxInteger(Int64.self, at: try require(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.unboxInteger(UInt.self, at: try require(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.unboxInteger(UInt8.self, at: try require(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.unboxInteger(UInt16.self, at: try require(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.unboxInteger(UInt32.self, at: try require(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.unboxInteger(UInt64.self, at: try require(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.unbox(T.self, at: try require(key)) }

    // MARK: - Optional values

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try present(key).map { (position) throws(GoogleJSONDecodingError) in try decoder.unboxBool(at: position) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let position = present(key) else { return nil }
        return try tape.string(at: position)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let position = present(key) else { return nil }
        return try decoder.unboxDouble(at: position)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let position = present(key) else { return nil }
        return try decoder.unboxFloat(at: position)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalInteger(Int.self, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalInteger(Int8.self, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalInteger(Int16.self, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalInteger(Int32.self, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalInteger(Int64.self, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalInteger(UInt.self, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalInteger(UInt8.self, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalInteger(UInt16.self, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalInteger(UInt32.self, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalInteger(UInt64.self, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let position = present(key) else { return nil }
        return try decoder.unbox(T.self, at: position)
    }

    @inline(__always)
    private func optionalInteger<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws(GoogleJSONDecodingError) -> T? {
        guard let position = present(key) else { return nil }
        return try tape.integer(T.self, at: position, allowString: false)
    }

    // MARK: - Nesting

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(NestedKey.self, at: try require(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer(at: try require(key))
    }

    func superDecoder() throws -> any Decoder {
        JSONDecoderImpl(tape: decoder.tape, index: object, userInfo: decoder.userInfoStorage)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONDecoderImpl(tape: decoder.tape, index: try require(key), userInfo: decoder.userInfoStorage)
    }
}

// MARK: - Key search

extension JSONTape {
    /// The value token of `key` in the object at `object`, updating the object's search hint.
    @inline(__always)
    func findValue(inObject object: Int, key: UnsafeRawBufferPointer) -> Int? {
        let objectToken = tokens[object]
        let end = Int(objectToken.end)
        let hint = Int(objectToken.hint)
        var child = hint
        while child < end {
            if keyMatches(at: child, key) { return hit(object: object, valueIndex: child + 1, end: end) }
            child = Int(tokens[child + 1].end)
        }
        child = object + 1
        while child < hint {
            if keyMatches(at: child, key) { return hit(object: object, valueIndex: child + 1, end: end) }
            child = Int(tokens[child + 1].end)
        }
        return nil
    }

    @inline(__always)
    private func hit(object: Int, valueIndex: Int, end: Int) -> Int {
        let next = Int(tokens[valueIndex].end)
        tokens[object].hint = UInt32(next < end ? next : object + 1)
        return valueIndex
    }

    @inline(__always)
    private func keyMatches(at index: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let token = tokens[index]
        let length = Int(token.length)
        if token.flags & JSONToken.hasEscapes != 0 {
            guard let text = try? string(at: index) else { return false }
            return text.utf8.elementsEqual(key)
        }
        guard length == key.count else { return false }
        // Keys are short: an inline loop beats a call to memcmp.
        let candidate = bytes + Int(token.start)
        var offset = 0
        while offset < length {
            if candidate[offset] != key[offset] { return false }
            offset += 1
        }
        return true
    }
}
