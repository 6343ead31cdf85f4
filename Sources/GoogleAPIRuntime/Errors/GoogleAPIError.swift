public import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes

// MARK: - GoogleAPIError

/// An error response from a Google API: Google's JSON error body, or the raw text of a non-JSON
/// body (an HTML page from a proxy, a truncated body).
///
/// `description` shows a short excerpt only, with secret-looking values removed.
public struct GoogleAPIError: Error, Sendable, Hashable {
    /// One entry of `error.errors[]`.
    public struct Item: Sendable, Hashable, Codable {
        public var domain: String?
        public var reason: String?
        public var message: String?
        public var location: String?
        public var locationType: String?

        public init(
            domain: String? = nil, reason: String? = nil, message: String? = nil,
            location: String? = nil, locationType: String? = nil
        ) {
            self.domain = domain
            self.reason = reason
            self.message = message
            self.location = location
            self.locationType = locationType
        }
    }

    /// The HTTP status of the response.
    public var status: Int
    /// `error.code` from the body (usually equal to `status`).
    public var code: Int?
    /// `error.message`.
    public var message: String?
    /// `error.status`, e.g. `NOT_FOUND`, `PERMISSION_DENIED`.
    public var statusText: String?
    public var errors: [Item]
    /// The body as text when it was not Google's JSON error format (at most 64 KiB kept).
    public var rawBody: String?
    public var headers: GoogleHTTPHeaders

    public init(
        status: Int, code: Int? = nil, message: String? = nil, statusText: String? = nil,
        errors: [Item] = [], rawBody: String? = nil, headers: GoogleHTTPHeaders = [:]
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.statusText = statusText
        self.errors = errors
        self.rawBody = rawBody
        self.headers = headers
    }

    /// The `reason` of each entry of `errors`.
    public var reasons: [String] { errors.compactMap(\.reason) }

    /// Whether any entry has this `reason` (e.g. `rateLimitExceeded`, `notFound`).
    public func hasReason(_ reason: String) -> Bool { errors.contains { $0.reason == reason } }
}

// MARK: - Parsing

extension GoogleAPIError {
    static let rawBodyLimit = 64 << 10

    /// Interprets an error response; never fails.
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - headers: The response headers.
    ///   - body: The response body, possibly empty, HTML or truncated.
    public init(status: Int, headers: GoogleHTTPHeaders = [:], body: Data) {
        self.init(status: status, headers: headers, body: body, parsed: body.isEmpty ? nil : try? JSONValue(parsing: body))
    }

    /// Interprets an error response whose body was already parsed (`nil` when it is not JSON),
    /// so a caller that looked at the JSON itself does not parse it again.
    init(status: Int, headers: GoogleHTTPHeaders, body: Data, parsed: JSONValue?) {
        self.init(status: status, headers: headers)
        if case .object(let root)? = parsed, case .object(let error)? = root["error"] {
            code = error["code"]?.intValue
            message = error["message"]?.stringValue
            statusText = error["status"]?.stringValue
            if case .array(let items)? = error["errors"] {
                errors = items.compactMap { item in
                    guard case .object(let fields) = item,
                        fields.values.contains(where: { $0.stringValue != nil })
                    else { return nil }
                    return Item(
                        domain: fields["domain"]?.stringValue, reason: fields["reason"]?.stringValue,
                        message: fields["message"]?.stringValue, location: fields["location"]?.stringValue,
                        locationType: fields["locationType"]?.stringValue)
                }
            }
            if errors.isEmpty, case .array(let details)? = error["details"] {
                errors = details.compactMap { detail in
                    guard case .object(let fields) = detail, let reason = fields["reason"]?.stringValue else { return nil }
                    return Item(domain: fields["domain"]?.stringValue, reason: reason)
                }
            }
            return
        }
        if case .object(let root)? = parsed, case .string(let oauthError)? = root["error"] {
            // OAuth-style errors: {"error": "invalid_token", "error_description": "..."}
            statusText = oauthError
            message = root["error_description"]?.stringValue
            return
        }
        if !body.isEmpty { rawBody = String(decoding: body.prefix(Self.rawBodyLimit), as: UTF8.self) }
    }
}

// MARK: - CustomStringConvertible

extension GoogleAPIError: CustomStringConvertible, LocalizedError {
    public var description: String {
        var text = "Google API error \(status)"
        if let statusText { text += " \(statusText)" }
        if let message { text += ": \(SecretRedactor.redact(String(message.prefix(500))))" }
        let reasons = reasons
        if !reasons.isEmpty { text += " [\(reasons.joined(separator: ", "))]" }
        if message == nil, let rawBody {
            if let unexpected = UnexpectedContent.describe(headers: headers, body: Data(rawBody.utf8.prefix(512))),
                unexpected.contains("HTML")
            {
                text += " (an HTML page, Content-Type: \(headers["Content-Type"] ?? "none"); a proxy or captive portal?)"
            }
            let excerpt = rawBody.prefix(200).replacingOccurrences(of: "\n", with: " ")
            text += ": \(SecretRedactor.redact(excerpt))\(rawBody.count > 200 ? "…" : "")"
        }
        return text
    }

    public var errorDescription: String? { description }
}
