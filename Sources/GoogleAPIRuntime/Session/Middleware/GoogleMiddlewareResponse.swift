import GoogleHTTPTypes

// MARK: - GoogleMiddlewareResponse

/// The response head a ``GoogleMiddleware`` sees: status and redacted headers, and which
/// attempt produced it. Only the session makes one; a middleware returns the one `next` gave it.
public struct GoogleMiddlewareResponse: Sendable {
    /// The head as received.
    let head: GoogleHTTPResponseHead
    /// What the session hands on (the attempt's or the call's value); opaque to middleware.
    let payload: any Sendable

    init(head: GoogleHTTPResponseHead, attempt: Int, payload: any Sendable) {
        self.head = head
        self.attempt = attempt
        self.payload = payload
    }

    /// The HTTP status (an error status is a response too: `next` returns it, it does not throw).
    public var status: Int { head.status }

    /// The attempt that produced the response: 1 for the first; at the call level, the last one
    /// (so `attempt - 1` retries came before it).
    public let attempt: Int

    /// The headers, credential values masked (`Set-Cookie`, upload ids).
    public var headers: [(name: String, value: String)] {
        head.headers.map { (name: $0.name, value: GoogleRedaction.headerValue($0.value, name: $0.name)) }
    }

    /// The value of the header `name` (case-insensitive), masked when it is a credential; `nil`
    /// when absent.
    public func header(_ name: String) -> String? {
        head.headers[name].map { GoogleRedaction.headerValue($0, name: name) }
    }
}
