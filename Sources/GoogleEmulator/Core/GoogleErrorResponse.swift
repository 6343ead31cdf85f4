import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - GoogleErrorResponse

/// Builds errors in the JSON shape Google APIs use:
/// `{"error":{"code":404,"message":"…","errors":[{"domain":"global","reason":"notFound",…}],"status":"NOT_FOUND"}}`.
enum GoogleErrorResponse {
    static func make(
        status: Int, reason: String, message: String, domain: String = "global",
        location: String? = nil, locationType: String? = nil, headers: [(String, String)] = []
    ) -> HTTPServerResponse {
        let item = JSONValue.compactObject([
            ("domain", .string(domain)),
            ("reason", .string(reason)),
            ("message", .string(message)),
            ("location", location.map(JSONValue.string)),
            ("locationType", locationType.map(JSONValue.string)),
        ])
        let body = JSONValue.members([
            (
                "error",
                .members([
                    ("code", .integer(Int64(status))),
                    ("message", .string(message)),
                    ("errors", .array([item])),
                    ("status", .string(statusName(status))),
                ])
            )
        ])
        var response = HTTPServerResponse.json(body.serialized, status: status)
        for (name, value) in headers { response.headers.add(name: name, value: value) }
        return response
    }

    // MARK: - Common errors

    static func notFound(_ message: String, location: String? = nil) -> HTTPServerResponse {
        make(
            status: 404, reason: "notFound", message: message, location: location,
            locationType: location == nil ? nil : "parameter")
    }

    static func badRequest(_ message: String, reason: String = "badRequest", location: String? = nil) -> HTTPServerResponse {
        make(
            status: 400, reason: reason, message: message, location: location,
            locationType: location == nil ? nil : "parameter")
    }

    static func invalidParameter(_ name: String, value: String) -> HTTPServerResponse {
        make(
            status: 400, reason: "invalidParameter",
            message: "Invalid value '\(value)'. Values must match the following regular expression: '\(name)'",
            location: name, locationType: "parameter")
    }

    static func required(_ name: String) -> HTTPServerResponse {
        make(status: 400, reason: "required", message: "Required parameter: \(name)", location: name, locationType: "parameter")
    }

    static func forbidden(_ reason: String, _ message: String, domain: String = "global") -> HTTPServerResponse {
        make(status: 403, reason: reason, message: message, domain: domain)
    }

    static func parseError() -> HTTPServerResponse {
        make(status: 400, reason: "parseError", message: "Parse Error")
    }

    /// The canonical gRPC-style status Google reports next to the HTTP code.
    static func statusName(_ status: Int) -> String {
        switch status {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 409: "ALREADY_EXISTS"
        case 412: "FAILED_PRECONDITION"
        case 416: "OUT_OF_RANGE"
        case 429: "RESOURCE_EXHAUSTED"
        case 499: "CANCELLED"
        case 500: "INTERNAL"
        case 501: "UNIMPLEMENTED"
        case 503: "UNAVAILABLE"
        case 504: "DEADLINE_EXCEEDED"
        default: "UNKNOWN"
        }
    }

    /// The `reason` Google typically uses for a bare status (for injected faults).
    static func defaultReason(_ status: Int) -> (reason: String, message: String) {
        switch status {
        case 429: ("rateLimitExceeded", "Rate Limit Exceeded")
        case 403: ("userRateLimitExceeded", "User Rate Limit Exceeded")
        // Drive's and YouTube's documented 500 is `backendError` ("Backend Error").
        case 500: ("backendError", "Backend Error")
        case 502: ("badGateway", "Bad Gateway")
        case 503: ("backendError", "Backend Error")
        case 504: ("deadlineExceeded", "Deadline Exceeded")
        default: ("error\(status)", HTTPStatusReason.phrase(for: status))
        }
    }
}
