public import Foundation

// MARK: - GoogleJSONEncoder

/// Encodes `Encodable` values as compact JSON the way Google APIs expect: dates as RFC 3339,
/// `Data` as base64, object keys in the order they were encoded (or sorted), no whitespace.
///
/// Non-finite floating-point values throw `EncodingError.invalidValue`, as JSON cannot hold them.
public struct GoogleJSONEncoder: Sendable {
    /// Sort object keys (for reproducible output, e.g. in tests and signatures).
    public var sortsKeys: Bool
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(sortsKeys: Bool = false, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.sortsKeys = sortsKeys
        self.userInfo = userInfo
    }

    /// Encodes `value` as UTF-8 JSON.
    /// - Throws: `EncodingError` for values JSON cannot represent.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let root = try JSONEncoderImpl.encodeValue(value, codingPath: [], userInfo: userInfo)
        var writer = JSONWriter(sortsKeys: sortsKeys)
        writer.write(root)
        return Data(writer.output)
    }
}

// MARK: - EncodedValue

/// The tree an encode builds; containers are references because nested containers are filled
/// after they were attached to their parent.
enum EncodedValue {
    /// A complete JSON literal: a number, `true`, `false`, `null`.
    case literal(String)
    case string(String)
    case object(EncodedObject)
    case array(EncodedArray)
}

final class EncodedObject {
    var keys: [String] = []
    var values: [String: EncodedValue] = [:]

    func set(_ key: String, _ value: EncodedValue) {
        if values.updateValue(value, forKey: key) == nil { keys.append(key) }
    }
}

final class EncodedArray {
    var values: [EncodedValue] = []
}

// MARK: - JSONWriter

struct JSONWriter {
    let sortsKeys: Bool
    var output: [UInt8] = []

    init(sortsKeys: Bool) {
        self.sortsKeys = sortsKeys
        output.reserveCapacity(256)
    }

    mutating func write(_ value: EncodedValue) {
        switch value {
        case .literal(let text):
            output.append(contentsOf: text.utf8)
        case .string(let text):
            writeString(text)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (offset, element) in array.values.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                write(element)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            let keys = sortsKeys ? object.keys.sorted() : object.keys
            for (offset, key) in keys.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key)
                output.append(UInt8(ascii: ":"))
                if let element = object.values[key] { write(element) }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(Self.hex[Int(byte >> 4)])
                output.append(Self.hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
