import Foundation

// MARK: - JSONSingleValueContainer

struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONDecoderImpl
    let position: Int

    var codingPath: [any CodingKey] { decoder.codingPath(to: position) }

    func decodeNil() -> Bool { decoder.isNull(position) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.unboxBool(at: position) }
    func decode(_ type: String.Type) throws -> String { try decoder.unboxString(at: position) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.unboxDouble(at: position) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.unboxFloat(at: position) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.unboxInteger(Int.self, at: position) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.unboxInteger(Int8.self, at: position) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.unboxInteger(Int16.self, at: position) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.unboxInteger(Int32.self, at: position) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.unboxInteger(Int64.self, at: position) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unboxInteger(UInt.self, at: position) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unboxInteger(UInt8.self, at: position) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unboxInteger(UInt16.self, at: position) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unboxInteger(UInt32.self, at: position) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.unboxInteger(UInt64.self, at: position) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unbox(T.self, at: position) }
}
