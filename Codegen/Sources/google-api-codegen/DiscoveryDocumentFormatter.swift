import Foundation

// MARK: - DiscoveryDocumentFormatter

/// What `Codegen/Scripts/make-specs.py` does to Google's Discovery documents for `Specs/`, in
/// Swift: drop the prose and print the rest stably, byte for byte like the script (Python's
/// `json.dump(indent=2, sort_keys=True, ensure_ascii=False)` plus a newline).
///
/// Works on Foundation's `JSONSerialization` values, inside this executable only.
enum DiscoveryDocumentFormatter {
    /// Keys holding prose.
    static let proseKeys: Set<String> = ["description", "enumDescriptions"]

    /// `value` without prose keys at any depth. A schema property may itself be *named*
    /// `description` (a Drive file's description field): such a key is kept, because its value is
    /// a schema object, not prose.
    static func strippingProse(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, item) in object where !(proseKeys.contains(key) && !(item is [String: Any])) {
                result[key] = strippingProse(item)
            }
            return result
        }
        if let array = value as? [Any] { return array.map(strippingProse) }
        return value
    }

    /// `value` as JSON text: two-space indent, keys sorted by code point, `"key": value`,
    /// non-ASCII characters as themselves, and a final newline.
    static func format(_ value: Any) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        output.append("\n")
        return output
    }

    private static func write(_ value: Any, indent: Int, into output: inout String) {
        let inner = String(repeating: " ", count: indent + 2)
        switch value {
        case let object as [String: Any]:
            guard !object.isEmpty else {
                output.append("{}")
                return
            }
            output.append("{\n")
            let keys = object.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (index, key) in keys.enumerated() {
                output.append(inner)
                writeString(key, into: &output)
                output.append(": ")
                write(object[key]!, indent: indent + 2, into: &output)
                output.append(index == keys.count - 1 ? "\n" : ",\n")
            }
            output.append(String(repeating: " ", count: indent) + "}")
        case let array as [Any]:
            guard !array.isEmpty else {
                output.append("[]")
                return
            }
            output.append("[\n")
            for (index, item) in array.enumerated() {
                output.append(inner)
                write(item, indent: indent + 2, into: &output)
                output.append(index == array.count - 1 ? "\n" : ",\n")
            }
            output.append(String(repeating: " ", count: indent) + "]")
        case let string as String:
            writeString(string, into: &output)
        case is NSNull:
            output.append("null")
        case let number as NSNumber:
            output.append(numberText(number))
        default:
            output.append("null")
        }
    }

    private static let booleanClass = type(of: NSNumber(value: true))
    private static let integerClass = type(of: NSNumber(value: 1))

    /// Booleans, integers and doubles as Python prints them.
    private static func numberText(_ number: NSNumber) -> String {
        let encoding = String(cString: number.objCType)
        // Integers 0 and 1 cast to `Bool` too, so the cast cannot tell: JSON booleans come back
        // as Foundation's boolean NSNumber class, or with objCType "c" (`char`).
        let isBoolean = encoding == "c" || (Self.booleanClass != Self.integerClass && type(of: number) == Self.booleanClass)
        if isBoolean, let bool = number as? Bool {
            return bool ? "true" : "false"
        }
        if encoding == "d" || encoding == "f" {
            let double = number.doubleValue
            return double.rounded() == double && abs(double) < 1e16 ? String(format: "%.1f", double) : "\(double)"
        }
        return number.stringValue
    }

    /// A JSON string as Python writes it with `ensure_ascii=False`.
    private static func writeString(_ string: String, into output: inout String) {
        output.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case "\u{08}": output.append("\\b")
            case "\u{0C}": output.append("\\f")
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }
}
