import Foundation
import GoogleJSON

// MARK: - Building responses

// The emulator speaks GoogleJSON's `JSONValue`; these helpers keep its response builders short.
// Output is written with sorted keys, so a response is byte-for-byte the same between runs.

extension JSONValue {
    /// An object from `(key, value)` pairs (a later duplicate key wins).
    static func members(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }

    /// An object from pairs without their `nil` values (Google omits absent fields).
    static func compactObject(_ members: [(String, JSONValue?)]) -> JSONValue {
        .members(members.compactMap { key, value in value.map { (key, $0) } })
    }

    /// An integral number.
    static func integer(_ value: some BinaryInteger) -> JSONValue {
        .number(Double(value))
    }

    // MARK: - Access

    /// An integer sent as a number or, like Google's `int64`, as a decimal string.
    var int64Value: Int64? {
        switch self {
        case .number(let value): Int64(exactly: value)
        case .string(let value): Int64(value)
        default: nil
        }
    }

    var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    // MARK: - Text

    /// Compact JSON with sorted keys (non-finite numbers, which JSON cannot hold, become `null`).
    var serialized: Data {
        (try? JSONValue.encoder.encode(self)) ?? Data("null".utf8)
    }

    private static let encoder = GoogleJSONEncoder(sortsKeys: true)

    /// Parses JSON text; `nil` when it is not valid JSON.
    static func parse(_ data: Data) -> JSONValue? {
        try? JSONValue(parsing: data)
    }
}
