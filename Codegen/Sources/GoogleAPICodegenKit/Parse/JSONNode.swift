// MARK: - JSONNode

/// A parsed JSON value that remembers the line it started on, so parse errors can point at
/// `DOC.json:LINE` the way compilers do.
struct JSONNode: Sendable {
    enum Value: Sendable {
        case null
        case bool(Bool)
        /// Kept as written; converted only when a number is actually asked for.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in document order; duplicate keys keep the last value on lookup.
        case object(JSONObject)
    }

    var value: Value
    /// 1-based line of the value's first character.
    var line: Int

    /// The JSON type name used in error messages ("a string", "an object", ...).
    var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - JSONObject

/// An object's members in document order with a key index for lookups.
struct JSONObject: Sendable {
    private(set) var keys: [String] = []
    private var storage: [String: JSONNode] = [:]

    subscript(key: String) -> JSONNode? { storage[key] }

    mutating func set(_ key: String, _ node: JSONNode) {
        if storage.updateValue(node, forKey: key) == nil {
            keys.append(key)
        }
    }
}
