// MARK: - GoogleRedactedError

/// An error as a ``GoogleMiddleware`` sees it when the original's text shows a secret: the
/// original's type name and its description, redacted. The session hands a middleware this in
/// place of an error from the transport or an app's code whose description or debug description
/// holds a token, key or other secret (see ``GoogleRedaction``); the call itself still throws
/// the original, with its type and code, when the middleware passes this on.
public struct GoogleRedactedError: Error, Sendable, CustomStringConvertible {
    /// The original error's type, e.g. `URLError`.
    public let typeName: String
    /// The original error's description, redacted.
    public let description: String
    /// The error the call throws when this one leaves the middleware.
    let original: any Error

    init(_ original: any Error) {
        self.typeName = String(describing: type(of: original))
        self.description = GoogleRedaction.redactForMiddleware(String(describing: original))
        self.original = original
    }
}
