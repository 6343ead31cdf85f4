import Foundation

// MARK: - JSONEncoderImpl

/// The `Encoder` handed to one value's `encode(to:)`; it records what the value encoded.
final class JSONEncoderImpl: Encoder {
    let codingPath: [any CodingKey]
    let userInfoStorage: [CodingUserInfoKey: any Sendable]
    var userInfo: [CodingUserInfoKey: Any] { userInfoStorage }
    var value: EncodedValue? {
        didSet { if let value { onSet?(value) } }
    }
    /// Lets a super-encoder write into its parent's container.
    var onSet: ((EncodedValue) -> Void)?

    init(codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.codingPath = codingPath
        self.userInfoStorage = userInfo
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        if case .object(let existing)? = value {
            object = existing
        } else {
            object = EncodedObject()
            value = .object(object)
        }
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(encoder: self, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        if case .array(let existing)? = value {
            array = existing
        } else {
            array = EncodedArray()
            value = .array(array)
        }
        return JSONUnkeyedEncodingContainer(encoder: self, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncodingContainer(encoder: self)
    }

    // MARK: - Values

    /// Encodes any value, with fast paths for scalars and Foundation types JSON has no type for.
    static func encodeValue<T: Encodable>(
        _ value: T, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> EncodedValue {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .literal(flag ? "true" : "false")
        case let number as Int: return .literal(String(number))
        case let number as Int64: return .literal(String(number))
        case let number as Int32: return .literal(String(number))
        case let number as UInt64: return .literal(String(number))
        case let number as Double: return try literal(number, codingPath: codingPath)
        case let number as Float: return try literal(Double(number), codingPath: codingPath, float: number)
        case let date as Date: return .string(RFC3339.format(date))
        case let data as Data: return .string(data.base64EncodedString())
        case let url as URL: return .string(url.absoluteString)
        case let decimal as Decimal: return .literal("\(decimal)")
        case let integer as any BinaryInteger: return .literal("\(integer)")
        default:
            let encoder = JSONEncoderImpl(codingPath: codingPath, userInfo: userInfo)
            try value.encode(to: encoder)
            return encoder.value ?? .object(EncodedObject())
        }
    }

    static func literal(_ number: Double, codingPath: [any CodingKey], float: Float? = nil) throws -> EncodedValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "JSON cannot represent \(number)"))
        }
        if number == number.rounded(), abs(number) < 1e15 { return .literal(String(Int64(number))) }
        return .literal(float.map { "\($0)" } ?? "\(number)")
    }
}

// MARK: - JSONKeyedEncodingContainer

struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONEncoderImpl
    let object: EncodedObject
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .literal("null")) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.set(
            key.stringValue,
            try JSONEncoderImpl.encodeValue(
                value, codingPath: codingPath + [key], userInfo: encoder.userInfoStorage))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        let nested = EncodedObject()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(
            JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        object.set(key.stringValue, .array(nested))
        return JSONUnkeyedEncodingContainer(encoder: encoder, array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super", key: JSONCodingKey(stringValue: "super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue, key: key) }

    private func superEncoder(named name: String, key: any CodingKey) -> any Encoder {
        let child = JSONEncoderImpl(codingPath: codingPath + [key], userInfo: encoder.userInfoStorage)
        let object = self.object
        child.onSet = { object.set(name, $0) }
        return child
    }
}

// MARK: - JSONUnkeyedEncodingContainer

struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: JSONEncoderImpl
    let array: EncodedArray
    let codingPath: [any CodingKey]
    var count: Int { array.values.count }

    mutating func encodeNil() throws { array.values.append(.literal("null")) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [JSONCodingKey(intValue: count)]
        array.values.append(try JSONEncoderImpl.encodeValue(value, codingPath: path, userInfo: encoder.userInfoStorage))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = EncodedObject()
        let path = codingPath + [JSONCodingKey(intValue: count)]
        array.values.append(.object(nested))
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<NestedKey>(encoder: encoder, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = EncodedArray()
        let path = codingPath + [JSONCodingKey(intValue: count)]
        array.values.append(.array(nested))
        return JSONUnkeyedEncodingContainer(encoder: encoder, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let index = count
        array.values.append(.literal("null"))
        let child = JSONEncoderImpl(codingPath: codingPath + [JSONCodingKey(intValue: index)], userInfo: encoder.userInfoStorage)
        let array = self.array
        child.onSet = { array.values[index] = $0 }
        return child
    }
}

// MARK: - JSONSingleValueEncodingContainer

struct JSONSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: JSONEncoderImpl
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.value = .literal("null") }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.value = try JSONEncoderImpl.encodeValue(value, codingPath: codingPath, userInfo: encoder.userInfoStorage)
    }
}
