public import Foundation
import GoogleAuth
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON

// MARK: - GoogleServiceClient

/// What each generated service and resource holds: the session, where the API lives, and the
/// settings shared by all calls. Executes ``APICall``s: builds the URL, checks scopes, sends
/// through the ``AuthorizedSession`` and decodes the response or a ``GoogleAPIError``.
public struct GoogleServiceClient: Sendable {
    public let session: AuthorizedSession
    public let descriptor: GoogleServiceDescriptor
    /// The root URL calls go to: the override given at creation, or the descriptor's.
    public let rootURL: URL
    /// `quotaUser`, `prettyPrint` (false by default) added to every call.
    public var standardParameters = StandardParameters()
    public var decoder = GoogleJSONDecoder()
    public var encoder = GoogleJSONEncoder()
    /// Media settings for uploads and downloads.
    public var media = MediaConfiguration()
    /// Values sent for query parameters a method declares and a call leaves unset; a value the
    /// call sets wins. By default ``APIParameterDefaults/sharedDrives``: `supportsAllDrives` and
    /// `includeItemsFromAllDrives` are `true`, because without them a file in a shared drive is
    /// "File not found" and missing from lists. Remove an entry to restore the API's default.
    public var parameterDefaults = APIParameterDefaults.sharedDrives
    /// `rootURL`'s text ending in `/`, and that followed by the service path: where each
    /// call's URL starts (made once here rather than on every call).
    private let rootText: String
    private let serviceText: String

    /// - Parameters:
    ///   - session: The user's authorized session.
    ///   - descriptor: The API's name, version and paths.
    ///   - rootURL: Overrides `descriptor.rootURL` (e.g. an emulator on 127.0.0.1); `nil` takes
    ///     the session's ``AuthorizedSession/Configuration/apiRootURL``, if set.
    public init(session: AuthorizedSession, descriptor: GoogleServiceDescriptor, rootURL: URL? = nil) {
        self.session = session
        self.descriptor = descriptor
        self.rootURL = rootURL ?? session.configuration.apiRootURL ?? descriptor.rootURL
        var rootText = self.rootURL.absoluteString
        if rootText.utf8.last != UInt8(ascii: "/") { rootText += "/" }
        self.rootText = rootText
        self.serviceText = rootText + Self.droppingLeadingSlash(descriptor.servicePath)
        // The session sends the access token only to origins it trusts; this root is one.
        session.trustTokenOrigin(ofRoot: self.rootURL)
    }

    // MARK: - Executing

    /// Sends `call` and decodes its JSON response.
    /// - Parameters:
    ///   - call: The method call.
    ///   - type: The response type.
    /// - Throws: ``GoogleAPIError`` for error statuses, `GoogleAuth/OAuthError` (e.g.
    ///   `scopeNotGranted` before anything is sent), ``GoogleAPIClientError``,
    ///   `GoogleJSON/GoogleJSONDecodingError` or `GoogleHTTPTypes/HTTPTransportError`.
    public func execute<Response: Decodable & Sendable>(_ call: APICall, as type: Response.Type) async throws -> Response {
        let response = try await send(call)
        do {
            return try decoder.decode(Response.self, from: response.body)
        } catch {
            // An HTML sign-in page is not "a syntax error at byte 0".
            if let unexpected = UnexpectedContent.describe(headers: response.headers, body: response.body) {
                throw GoogleAPIClientError.invalidResponse(unexpected)
            }
            if let decoding = error as? GoogleJSONDecodingError { throw GoogleAPIClientError(decoding: decoding) }
            throw GoogleAPIClientError.decodingFailed("\(error)")
        }
    }

    /// Sends `call` and ignores the response body (for methods without a response).
    /// - Throws: Like ``execute(_:as:)``.
    public func execute(_ call: APICall) async throws {
        _ = try await send(call)
    }

    /// Sends `call` and returns the successful raw response.
    /// - Throws: Like ``execute(_:as:)``.
    public func send(_ call: APICall) async throws -> GoogleHTTPResponse {
        try await checkScopes(call)
        let request = try makeRequest(call)
        let (response, errorBody) = try await session.sendClassified(
            request, idempotent: call.idempotent, retryPolicy: call.options.retryPolicy, methodID: call.methodID,
            callMiddleware: call.options.callMiddleware, attemptMiddleware: call.options.attemptMiddleware)
        try requireSuccess(response, errorBody: errorBody)
        return response
    }

    // MARK: - Requests

    /// Refuses, before sending anything, a call none of whose scopes was granted. Credentials
    /// without scope information (an empty set) are not blocked.
    /// - Throws: `GoogleAuth/OAuthError/Code/scopeNotGranted`.
    public func checkScopes(_ call: APICall) async throws {
        guard !call.scopes.isEmpty else { return }
        let granted = try await session.grantedScopes
        guard !granted.isEmpty else { return }
        // Compared, not hashed: credentials hold a few scopes and a Drive method lists up to
        // eight long ones, which `Set.isDisjoint(with:)` hashed on every call.
        if !granted.contains(where: call.scopes.contains) {
            throw OAuthError.scopeNotGranted(required: call.scopes, granted: granted)
        }
    }

    /// The HTTP request for `call` (without authorization).
    /// - Parameters:
    ///   - call: The method call.
    ///   - base: Which URL the path is relative to.
    ///   - extraQuery: Parameters added after the call's own (e.g. `uploadType`).
    /// - Throws: ``GoogleAPIClientError`` for missing path parameters, bad URLs or body encoding.
    public func makeRequest(
        _ call: APICall, base: RequestBase = .service, extraQuery: [(name: String, value: String)] = []
    ) throws -> GoogleHTTPRequest {
        let url = try makeURL(call, base: base, extraQuery: extraQuery)
        var request = GoogleHTTPRequest(method: call.method, url: url, headers: call.headers)
        for field in call.options.headers { request.headers.replaceOrAdd(name: field.name, value: field.value) }
        if let timeout = call.options.timeout {
            // Only the request limit: the transport keeps its connect and stall limits.
            var timeouts = request.timeouts ?? HTTPTimeouts(connect: nil, request: nil, stall: nil)
            timeouts.request = timeout
            request.timeouts = timeouts
        }
        // JSON shrinks ~20× with gzip; media (`alt=media`) must arrive as stored, so that its
        // digest and byte ranges refer to the stored bytes.
        request.acceptsGzip = (call.queryValue("alt") ?? standardParameters.alt) != "media"
        if let body = call.body {
            request.body = .data(try encodeBody(body))
            request.headers["Content-Type"] = "application/json; charset=UTF-8"
        }
        return request
    }

    func encodeBody(_ body: any Encodable & Sendable) throws(GoogleAPIClientError) -> Data {
        do {
            return try encoder.encode(body)
        } catch {
            throw .encodingFailed("\(error)")
        }
    }

    /// Which URL a request path is relative to.
    public enum RequestBase: Sendable {
        /// `rootURL` + `servicePath` + the method path.
        case service
        /// `rootURL` + the call's `mediaUploadPath`.
        case upload
    }

    /// `rootURL` + (service path + expanded method path | upload path) + query.
    /// - Throws: ``GoogleAPIClientError``.
    public func makeURL(
        _ call: APICall, base: RequestBase = .service, extraQuery: [(name: String, value: String)] = []
    ) throws(GoogleAPIClientError) -> URL {
        // Built as one string and parsed once: no URLComponents, and no generic String
        // algorithms (`trimmingPrefix` showed up in profiles of a typed call).
        var text = ""
        text.reserveCapacity(serviceText.utf8.count + 160)
        switch base {
        case .service:
            let expanded = try URITemplate.expand(call.path, values: call.pathParameters, lists: call.pathParameterLists)
            // Bytes, not `hasPrefix` (a Unicode comparison, on every call's path).
            if expanded.utf8.starts(with: "https://".utf8) || expanded.utf8.starts(with: "http://".utf8) {
                // A link an API handed out (Drive's `exportLinks`): the session still sends the
                // token only to origins it trusts.
                text += expanded
            } else if expanded.utf8.first == UInt8(ascii: "/") {
                text += rootText
                text += expanded.dropFirst()
            } else {
                text += serviceText
                text += expanded
            }
        case .upload:
            guard let uploadPath = call.mediaUploadPath else {
                throw .unsupported("this method does not accept media uploads")
            }
            text += rootText
            text += try URITemplate.expand(
                String(Self.droppingLeadingSlash(uploadPath)), values: call.pathParameters, lists: call.pathParameterLists)
        }
        var separator = "?"
        func append(_ name: String, _ value: String) {
            text += separator
            text += URITemplate.encodeUnreserved(name)
            text += "="
            text += URITemplate.encodeUnreserved(value)
            separator = "&"
        }
        for item in call.query { append(item.name, item.value) }
        for item in parameterDefaults.items
        where call.declaredQueryNames.contains(item.name) && !call.query.contains(where: { $0.name == item.name }) {
            append(item.name, item.value)
        }
        for (index, item) in extraQuery.enumerated()
        where !call.query.contains(where: { $0.name == item.name }) && !extraQuery[..<index].contains(where: { $0.name == item.name }) {
            append(item.name, item.value)
        }
        // The standard parameters in `StandardParameters.queryItems` order, the call's mask right
        // after `alt`; appended one by one rather than through that array (an allocation and
        // an insert on every call). A value the call or `extraQuery` sets wins.
        func appendStandard(_ name: String, _ value: String) {
            guard !call.query.contains(where: { $0.name == name }), !extraQuery.contains(where: { $0.name == name }) else { return }
            append(name, value)
        }
        if let alt = standardParameters.alt { appendStandard("alt", alt) }
        if let fields = call.options.fields { appendStandard("fields", fields) }
        if let quotaUser = call.options.quotaUser ?? standardParameters.quotaUser { appendStandard("quotaUser", quotaUser) }
        appendStandard("prettyPrint", standardParameters.prettyPrint ? "true" : "false")
        guard let url = URL(string: text) else { throw .invalidURL(SecretRedactor.redactedURLString(text)) }
        return url
    }

    private static func droppingLeadingSlash(_ path: String) -> Substring {
        path.utf8.first == UInt8(ascii: "/") ? path.dropFirst() : path[...]
    }

    /// Throws the ``GoogleAPIError`` a non-2xx response describes, with `errorBody`, the session's
    /// parse of the body when it parsed it for a decision (so a body is parsed once).
    func requireSuccess(_ response: GoogleHTTPResponse, errorBody: JSONValue? = nil) throws(GoogleAPIError) {
        guard (200..<300).contains(response.status) else {
            let parsed = errorBody ?? (response.body.isEmpty ? .null : (try? JSONValue(parsing: response.body)) ?? .null)
            throw GoogleAPIError(status: response.status, headers: response.headers, body: response.body, parsed: parsed)
        }
    }
}

// MARK: - MediaConfiguration

/// How a ``GoogleServiceClient`` moves media.
public struct MediaConfiguration: Sendable, Hashable {
    /// `.automatic` uploads at least this large go resumable.
    public var resumableThreshold: Int64
    /// Default resumable chunk size (rounded down to a multiple of 256 KiB).
    public var chunkSize: Int
    /// Consecutive failed attempts without progress before an upload or download gives up.
    public var maxConsecutiveFailures: Int
    /// Base delay of the backoff between resume attempts.
    public var resumeBackoffBase: Duration

    public init(
        resumableThreshold: Int64 = 5 << 20, chunkSize: Int = 8 << 20, maxConsecutiveFailures: Int = 8,
        resumeBackoffBase: Duration = .milliseconds(200)
    ) {
        self.resumableThreshold = resumableThreshold
        self.chunkSize = chunkSize
        self.maxConsecutiveFailures = maxConsecutiveFailures
        self.resumeBackoffBase = resumeBackoffBase
    }
}
