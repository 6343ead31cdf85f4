import Foundation
import GoogleHTTPTypes
import GoogleJSON

// MARK: - SessionAttempt

/// One transport call's outcome, with its error body classified at most once for the stages'
/// decisions (quota exhaustion, retry reasons) and handed on to the thrown ``GoogleAPIError``.
struct SessionAttempt<Value: Sendable>: Sendable {
    var head: GoogleHTTPResponseHead
    var value: Value
    /// Reads the error body (a prefix of it for downloads and streams).
    var errorBody: @Sendable () async -> Data
    /// The error body as JSON, once a stage asked for it.
    private(set) var parsedErrorBody: JSONValue?
    /// Whether the body was read whole (its size) or streams on, reporting its end to middleware.
    var body: ResponseBodyState

    init(
        head: GoogleHTTPResponseHead, value: Value, body: ResponseBodyState = .read(bytes: 0),
        errorBody: @escaping @Sendable () async -> Data
    ) {
        self.head = head
        self.value = value
        self.body = body
        self.errorBody = errorBody
    }

    /// The error body as JSON (`.null` when empty or not JSON), read and parsed on first use.
    mutating func classifiedErrorBody() async -> JSONValue {
        if let parsedErrorBody { return parsedErrorBody }
        let body = await errorBody()
        let value = body.isEmpty ? JSONValue.null : (try? JSONValue(parsing: body)) ?? .null
        parsedErrorBody = value
        return value
    }
}

// MARK: - CallOutcome

/// What the retry stage hands back: the final attempt's value and head, and its error body when
/// a stage parsed it for a decision.
struct CallOutcome<Value: Sendable>: Sendable {
    var value: Value
    var errorBody: JSONValue?
    var head: GoogleHTTPResponseHead
    var attempt: Int
    var body: ResponseBodyState
}
