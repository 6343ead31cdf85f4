import GoogleBase

// MARK: - CustomStringConvertible

/// Printing headers (`print`, string interpolation, `dump`) never shows a credential: the values
/// of `Authorization`, cookies and API-key headers are masked by ``SecretRedactor``, keeping only
/// the scheme (`Bearer REDACTED`).
extension GoogleHTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "["
            + fields.map { "\($0.name): \(SecretRedactor.redactedValue($0.value, ofHeader: $0.name))" }
            .joined(separator: ", ") + "]"
    }

    public var debugDescription: String { "GoogleHTTPHeaders(\(description))" }

    public var customMirror: Mirror {
        Mirror(
            self, unlabeledChildren: fields.map { "\($0.name): \(SecretRedactor.redactedValue($0.value, ofHeader: $0.name))" },
            displayStyle: .collection)
    }
}
