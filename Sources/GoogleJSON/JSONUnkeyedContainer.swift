import Foundation

// MARK: - JSONUnkeyedContainer

struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONDecoderImpl
    let array: Int
    let count: Int?
    private(set) var currentIndex = 0
    /// The token of the next element.
    private var cursor: Int

    init(decoder: JSONDecoderImpl, array: Int) {
        self.decoder = decoder
        self.array = array
        self.count = Int(decoder.tape.tokens[array].length)
        self.cursor = array + 1
    }

    var codingPath: [any CodingKey] { decoder.codingPath(to: array) }
    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    // MARK: - Cursor

    @inline(__always)
    private mutating func next() throws(GoogleJSONDecodingError) -> Int {
        guard !isAtEnd else {
            throw GoogleJSONDecodingError(
                kind: .valueNotFound, path: decoder.tape.path(to: array) + "[\(currentIndex)]",
                byteOffset: Int(decoder.tape.tokens[array].start), message: "the array has only \(count ?? 0) elements")
        }
        let position = cursor
        cursor = Int(decoder.tape.tokens[position].end)
        currentIndex += 1
        return position
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.isNull(cursor) else {
            if isAtEnd { _ = try next() }
            return false
        }
        _ = try next()
        return true
    }

    // MARK: - Values

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decoder.unboxBool(at: try next()) }
    mutating func decode(_ type: String.Type) throws -> String { try decoder.unboxString(at: try next()) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decoder.unboxDouble(at: try next()) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decoder.unboxFloat(at: try next()) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decoder.unboxInteger(Int.self, at: try next()) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unboxInteger(Int8.self, at: try next()) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unboxInteger(Int16.self, at: try next()) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unboxInteger(Int32.self, at: try next()) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unboxInteger(Int64.self, at: try next()) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decoder.unboxInteger(UInt.self, at: try next()) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unboxInteger(UInt8.self, at: try next()) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unboxInteger(UInt16.self, at: try next()) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unboxInteger(UInt32.self, at: try next()) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unboxInteger(UInt64.self, at: try next()) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(T.self, at: try next()) }

    // MARK: - Nesting

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(NestedKey.self, at: try next())
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer(at: try next())
    }

    mutating func superDecoder() throws -> any Decoder {
        JSONDecoderImpl(tape: decoder.tape, index: try next(), userInfo: decoder.userInfoStorage)
    }
}
