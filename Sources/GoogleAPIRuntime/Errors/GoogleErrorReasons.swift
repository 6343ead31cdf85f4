import GoogleJSON

// MARK: - GoogleErrorReasons

/// Extracts `error.errors[].reason` (and `error.details[].reason`) from a Google error body.
enum GoogleErrorReasons {
    static func reasons(in body: JSONValue) -> Set<String> {
        values("reason", in: body)
    }

    /// `error.errors[].domain` (`youtube.quota`, `usageLimits`).
    static func domains(in body: JSONValue) -> Set<String> {
        values("domain", in: body)
    }

    private static func values(_ member: String, in body: JSONValue) -> Set<String> {
        guard case .object(let error)? = body["error"] else { return [] }
        var values = Set<String>()
        for key in ["errors", "details"] {
            guard case .array(let items)? = error[key] else { continue }
            for item in items {
                if let value = item[member]?.stringValue { values.insert(value) }
            }
        }
        return values
    }
}
