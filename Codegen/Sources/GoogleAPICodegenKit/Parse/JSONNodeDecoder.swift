// MARK: - JSONNodeDecoder

/// A `Decoder` over `JSONNode` whose errors carry the JSON path and line, so the Codable
/// Discovery model gets precise diagnostics for free.
struct JSONNodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = node.value else { throw mismatch("an object") }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, line: node.line, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else { throw mismatch("an array") }
        return UnkeyedContainer(elements: elements, line: node.line, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }

    private func mismatch(_ expected: String) -> DiscoveryParseError {
        JSONNodeDecoder.error(at: node.line, codingPath, "expected \(expected), found \(node.kindDescription)")
    }

    static func error(at line: Int, _ path: [any CodingKey], _ message: String) -> DiscoveryParseError {
        DiscoveryParseError(file: nil, line: line, path: dottedPath(path), message: message)
    }

    static func dottedPath(_ path: [any CodingKey]) -> String {
        path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            .joined(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
    }
}

// MARK: - Keys

struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

// MARK: - Containers

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let line: Int
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func child(_ key: Key) throws -> JSONNode {
        guard let node = object[key.stringValue] else {
            throw JSONNodeDecoder.error(at: line, codingPath, "missing required key \"\(key.stringValue)\"")
        }
        return node
    }

    private func decoder(_ key: Key) throws -> JSONNodeDecoder {
        JSONNodeDecoder(node: try child(key), codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try child(key).value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder(key).decodeValue(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = object[key.stringValue] else { return nil }
        if case .null = node.value { return nil }
        return try JSONNodeDecoder(node: node, codingPath: codingPath + [key]).decodeValue(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONNodeDecoder(node: JSONNode(value: .object(object), line: line), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let line: Int
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONNode], line: Int, codingPath: [any CodingKey]) {
        self.elements = elements
        self.line = line
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func nextDecoder() throws -> JSONNodeDecoder {
        guard !isAtEnd else {
            throw JSONNodeDecoder.error(at: line, codingPath, "array has too few elements")
        }
        defer { currentIndex += 1 }
        return JSONNodeDecoder(node: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex].value else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try nextDecoder().decodeValue(T.self)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey> {
        try nextDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try nextDecoder() }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = node.value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node.value else { throw mismatch("a boolean") }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node.value else { throw mismatch("a string") }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double { try number(Double.init) }
    func decode(_ type: Float.Type) throws -> Float { try number(Float.init) }
    func decode(_ type: Int.Type) throws -> Int { try number { Int($0) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try number { Int8($0) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try number { Int16($0) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try number { Int32($0) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try number { Int64($0) } }
    func decode(_ type: UInt.Type) throws -> UInt { try number { UInt($0) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number { UInt8($0) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number { UInt16($0) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number { UInt32($0) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number { UInt64($0) } }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONNodeDecoder(node: node, codingPath: codingPath).decodeValue(T.self)
    }

    private func number<T>(_ convert: (String) -> T?) throws -> T {
        guard case .number(let text) = node.value else { throw mismatch("a number") }
        guard let value = convert(text) else {
            throw JSONNodeDecoder.error(at: node.line, codingPath, "number \(text) is out of range")
        }
        return value
    }

    private func mismatch(_ expected: String) -> DiscoveryParseError {
        JSONNodeDecoder.error(at: node.line, codingPath, "expected \(expected), found \(node.kindDescription)")
    }
}

// MARK: - Decoding entry

extension JSONNodeDecoder {
    /// Decodes `T`, routing the primitive types through the strict single-value container so a
    /// wrong JSON type names the path instead of failing generically.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let single = SingleValueContainer(node: node, codingPath: codingPath)
        switch type {
        case is String.Type: return try single.decode(String.self) as! T
        case is Bool.Type: return try single.decode(Bool.self) as! T
        case is Int.Type: return try single.decode(Int.self) as! T
        case is Double.Type: return try single.decode(Double.self) as! T
        default: return try T(from: self)
        }
    }
}
