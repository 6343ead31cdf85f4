@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - GoogleMiddlewareResponse

/// The response head a ``GoogleMiddleware`` sees: status and redacted headers, which attempt
/// produced it, and — through ``onBodyEnd(_:)`` — when its body ended. Only the session makes
/// one; a middleware returns the one `next` gave it.
public struct GoogleMiddlewareResponse: Sendable {
    /// The head as received.
    let head: GoogleHTTPResponseHead
    /// What the session hands on (the attempt's or the call's value); opaque to middleware. The
    /// session takes it out when the response comes back from the chain, so a middleware that
    /// keeps the response keeps no body (and no transfer) alive.
    private let payload: Payload
    /// Whether the body was read already, or streams on and reports its end.
    let body: ResponseBodyState
    /// When the response was handed to middleware: the end of a body read before that.
    let received: ContinuousClock.Instant

    init(head: GoogleHTTPResponseHead, attempt: Int, body: ResponseBodyState, payload: any Sendable) {
        self.head = head
        self.attempt = attempt
        self.body = body
        self.payload = Payload(payload)
        self.received = .now
    }

    /// The session's value, taken out (later calls, and other copies, get `nil`); `nil` when it
    /// is not a `Value` — a response the session did not make for this call.
    func takePayload<Value>(as type: Value.Type) -> Value? {
        payload.take(as: type)
    }

    /// Holds the session's value until the session takes it back.
    private final class Payload: Sendable {
        private let value: PlainLock<(any Sendable)?>

        init(_ value: any Sendable) {
            self.value = PlainLock(value)
        }

        func take<Value>(as type: Value.Type) -> Value? {
            value.withLock { stored in
                guard let typed = stored as? Value else { return nil }
                stored = nil
                return typed
            }
        }
    }

    /// The HTTP status (an error status is a response too: `next` returns it, it does not throw).
    public var status: Int { head.status }

    /// The attempt that produced the response: 1 for the first; at the call level, the last one
    /// (so `attempt - 1` retries came before it).
    public let attempt: Int

    /// The headers, credential values masked (`Set-Cookie`, upload ids).
    public var headers: [(name: String, value: String)] {
        head.headers.map { (name: $0.name, value: GoogleRedaction.redactedHeaderValue($0.value, name: $0.name)) }
    }

    /// The value of the header `name` (case-insensitive), masked when it is a credential; `nil`
    /// when absent.
    public func header(_ name: String) -> String? {
        head.headers[name].map { GoogleRedaction.redactedHeaderValue($0, name: name) }
    }

    // MARK: - The body's end

    /// Whether the body is still to be read when `next` returns: the response of a download or a
    /// server stream (``AuthorizedSession/stream(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)``),
    /// which its caller reads chunk by chunk. Other responses (an error status's included) were
    /// read whole before `next` returned.
    public var bodyStreams: Bool {
        if case .streaming = body { return true }
        return false
    }

    /// Calls `handler` once when the body has ended: read to its end, failed part way, or
    /// abandoned by its reader (it stopped, was cancelled, or dropped the response). For a body
    /// read before `next` returned, that is now, on this task; for a streamed one
    /// (``bodyStreams``), later — on the task reading it, or on whichever thread releases an
    /// abandoned body — so a span or a duration can end when the transfer really did.
    ///
    /// The handler must be quick and must not block or wait. Nothing waits for it: a handler
    /// never registered, or a response kept after the call, holds no transfer open; a body
    /// nobody reads still ends, as abandoned, once the reader releases it.
    /// - Parameter handler: Receives how and when the body ended, and its byte count.
    public func onBodyEnd(_ handler: @escaping @Sendable (GoogleResponseBodyEnd) -> Void) {
        switch body {
        case .read(let bytes): handler(GoogleResponseBodyEnd(.completed, bytes: bytes, time: received))
        case .streaming(let tracker): tracker.register(handler)
        }
    }
}
