public import GoogleHTTP

// MARK: - APICall

/// One method call of a Google API, as built by generated code: the Discovery path template, its
/// parameters, the query, the JSON body and the scopes that authorize it.
public struct APICall: Sendable {
    /// The Discovery method ID, e.g. `drive.files.list`: what the session's request context,
    /// request log, quota pricing and middleware name the call by. `nil` for a call built by
    /// hand for a method the caller does not name.
    public var methodID: String?
    public var method: GoogleHTTPMethod
    /// The Discovery method's `path`, relative to the service path, with `{x}`/`{+x}` templates;
    /// `/…` is relative to the root URL, and an absolute `http(s)://` URL (a link an API
    /// returned) is used as it is.
    public var path: String
    /// Scopes any one of which authorizes the call.
    public var scopes: [String]
    /// The absolute media upload path (e.g. `/upload/drive/v3/files`), when the method takes media.
    public var mediaUploadPath: String?
    /// Whether the call may be repeated safely (retries); defaults from the method.
    public var idempotent: Bool
    public private(set) var pathParameters: [String: String] = [:]
    /// Values of repeated path parameters, expanded as RFC 6570 lists (`a,b,c`).
    public private(set) var pathParameterLists: [String: [String]] = [:]
    /// Query parameters in order; repeated names are sent repeatedly.
    public private(set) var query: [(name: String, value: String)] = []
    /// The query parameters the method declares (generated code passes its method's list, one
    /// static value): those this call leaves out of ``query`` get the client's
    /// ``GoogleServiceClient/parameterDefaults``.
    public var declaredQueryNames: [String]
    public private(set) var body: (any Encodable & Sendable)?
    /// Extra request headers, e.g. `X-Goog-Upload-...` for special endpoints.
    public var headers: GoogleHTTPHeaders = [:]
    /// This call's `fields`, `quotaUser`, extra headers, timeout and retry policy; what they set
    /// replaces the service's and the session's settings for this call only.
    public var options = APICallOptions()

    /// - Parameters:
    ///   - methodID: The Discovery method ID (`drive.files.list`); generated code passes it.
    ///   - method: The HTTP method.
    ///   - path: The Discovery path template, relative to the service path.
    ///   - scopes: The scopes that authorize the call (any one suffices).
    ///   - mediaUploadPath: The absolute upload path for methods that accept media.
    ///   - idempotent: Overrides whether retries are allowed; `nil` derives it from `method`.
    ///   - declaredQueryNames: The query parameters the method declares (see ``declaredQueryNames``).
    public init(
        methodID: String? = nil, method: GoogleHTTPMethod, path: String, scopes: [String], mediaUploadPath: String? = nil,
        idempotent: Bool? = nil, declaredQueryNames: [String] = []
    ) {
        self.methodID = methodID
        self.declaredQueryNames = declaredQueryNames
        self.method = method
        self.path = path
        self.scopes = scopes
        self.mediaUploadPath = mediaUploadPath
        self.idempotent = idempotent ?? method.isIdempotent
    }

    // MARK: - Parameters

    /// Sets the value substituted for `{name}` or `{+name}` in the path.
    public mutating func setPath(_ name: String, _ value: some APIParameterValue) {
        pathParameters[name] = value.apiParameterString
        pathParameterLists[name] = nil
    }

    /// Sets the values of a repeated path parameter: `{name}` expands to the values, each
    /// percent-encoded, joined by commas (RFC 6570 list expansion; `{+name}` keeps reserved
    /// characters in each value). An empty list is an error when the call is sent.
    public mutating func setPath(_ name: String, _ values: [some APIParameterValue]) {
        pathParameters[name] = nil
        pathParameterLists[name] = values.map(\.apiParameterString)
    }

    /// Adds a query parameter; `nil` leaves it out.
    @inlinable
    public mutating func addQuery(_ name: String, _ value: (some APIParameterValue)?) {
        // Inlinable so that generated methods (a dozen optional parameters each) get it
        // specialized: the generic call looked up `Optional<T>`'s metadata at run time each time.
        // An unset parameter costs nothing: the method's declared names are a static list.
        guard let value else { return }
        appendQuery(name, value.apiParameterString)
    }

    /// Adds a repeated query parameter, once per value; `nil` leaves it out.
    @inlinable
    public mutating func addQuery(_ name: String, _ values: [some APIParameterValue]?) {
        guard let values else { return }
        for value in values { appendQuery(name, value.apiParameterString) }
    }

    /// Appends one query item (what the inlinable `addQuery` calls; `query`'s setter is private).
    @usableFromInline
    mutating func appendQuery(_ name: String, _ value: String) {
        query.append((name, value))
    }

    /// Replaces every query parameter named `name` with a single one (`nil` removes them).
    public mutating func setQuery(_ name: String, _ value: (some APIParameterValue)?) {
        query.removeAll { $0.name == name }
        addQuery(name, value)
    }

    /// The first value of query parameter `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// Sets the JSON request body.
    public mutating func setBody(_ body: some Encodable & Sendable) {
        self.body = body
    }
}
