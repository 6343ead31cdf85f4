public import GoogleJSON

// MARK: - GoogleAPIClientError

/// A call that could not be made, or whose result could not be used, for a reason on this side
/// (as opposed to an error the API returned, ``GoogleAPIError``): a parameter that cannot be
/// sent, a response that does not decode or follow the protocol, a file that cannot be read, a
/// transfer whose bytes do not check out.
///
/// Match on ``code``, a growable set of values (a `switch` needs a `default`); ``reason`` says
/// what happened, and ``path``, ``name``, ``page`` and ``decodingError`` are set by the codes
/// that have them.
public struct GoogleAPIClientError: Error, Sendable, Hashable {
    /// What went wrong.
    public var code: Code
    /// What happened, for people (empty when the code says it all).
    public var reason: String
    /// The local file (``Code/fileAccess``, ``Code/uploadSourceChanged``).
    public var path: String?
    /// The parameter or header (``Code/missingPathParameter``, ``Code/invalidPathParameter``,
    /// ``Code/invalidHeaderValue``).
    public var name: String?
    /// The page that repeated a page token (``Code/repeatedPageToken``).
    public var page: Int?
    /// Where and why a response did not decode (``Code/decodingFailed``), with its JSON path.
    public var decodingError: GoogleJSONDecodingError?

    /// An error with `code` and the fields it needs.
    public init(
        code: Code, reason: String = "", path: String? = nil, name: String? = nil, page: Int? = nil,
        decodingError: GoogleJSONDecodingError? = nil
    ) {
        self.code = code
        self.reason = reason
        self.path = path
        self.name = name
        self.page = page
        self.decodingError = decodingError
    }

    /// A response body that does not decode as the method's response type.
    /// - Parameter error: The decoder's error, naming the JSON path.
    public init(decoding error: GoogleJSONDecodingError) {
        self.init(code: .decodingFailed, reason: error.description, decodingError: error)
    }
}

// MARK: - Code

extension GoogleAPIClientError {
    /// What went wrong. New codes may appear in later releases, so a `switch` needs a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The path template names a parameter (``GoogleAPIClientError/name``) that was not set.
        public static let missingPathParameter = Code(rawValue: "missingPathParameter")
        /// The path template is malformed (an unterminated `{`).
        public static let invalidPathTemplate = Code(rawValue: "invalidPathTemplate")
        /// The URL built from the root URL, paths and query is not a valid URL.
        public static let invalidURL = Code(rawValue: "invalidURL")
        /// The response body is not what the method's schema describes
        /// (``GoogleAPIClientError/decodingError`` names the JSON path).
        public static let decodingFailed = Code(rawValue: "decodingFailed")
        /// The request body could not be encoded.
        public static let encodingFailed = Code(rawValue: "encodingFailed")
        /// The server returned a `nextPageToken` it had already returned: following it would loop.
        public static let repeatedPageToken = Code(rawValue: "repeatedPageToken")
        /// The method has no media upload path, or the service no batch path.
        public static let unsupported = Code(rawValue: "unsupported")
        /// A media upload or download did not complete as the protocol requires.
        public static let mediaTransferFailed = Code(rawValue: "mediaTransferFailed")
        /// The server's response does not follow the protocol (e.g. a batch part without a status).
        public static let invalidResponse = Code(rawValue: "invalidResponse")
        /// A local file (``GoogleAPIClientError/path``) could not be read or written.
        public static let fileAccess = Code(rawValue: "fileAccess")
        /// A path parameter's value would leave its segment once sent (empty, `.` or `..`, which
        /// URL normalisation removes): nothing was sent.
        public static let invalidPathParameter = Code(rawValue: "invalidPathParameter")
        /// A header value (batch part or multipart `Content-Type`) contains CR, LF or NUL, which
        /// would start a new header or part: nothing was sent.
        public static let invalidHeaderValue = Code(rawValue: "invalidHeaderValue")
        /// The resource changed while a download was resumed (its ETag or Last-Modified differs),
        /// so the bytes already received belong to another version.
        public static let resourceChanged = Code(rawValue: "resourceChanged")
        /// The transferred bytes do not match the size or MD5 checksum the server reported.
        public static let integrityCheckFailed = Code(rawValue: "integrityCheckFailed")
        /// A saved resumable upload session was not resumed because the media is not what it was
        /// started with (another size, or the file changed): nothing was sent.
        public static let uploadSourceChanged = Code(rawValue: "uploadSourceChanged")
        /// A resumable upload session can no longer be resumed: the server no longer knows its
        /// URI (404 or 410; sessions expire after about a week). The bytes it received are lost:
        /// start the upload over, or let ``MediaUpload/restartsStaleSession`` do it.
        public static let uploadSessionExpired = Code(rawValue: "uploadSessionExpired")
        /// A field mask read at run time (``GoogleFieldMask/init(parsing:)``) is not in Google's
        /// syntax: ``GoogleAPIClientError/reason`` says what is out of place.
        public static let invalidFieldMask = Code(rawValue: "invalidFieldMask")
    }
}

// MARK: - Pattern matching

extension GoogleAPIClientError.Code {
    /// Lets a code stand for the errors that have it: `case .integrityCheckFailed:` in a `switch`
    /// over a ``GoogleAPIClientError``.
    public static func ~= (pattern: GoogleAPIClientError.Code, value: GoogleAPIClientError) -> Bool { value.code == pattern }

    /// Lets a code stand for the errors that have it in a `catch`:
    /// `catch GoogleAPIClientError.Code.integrityCheckFailed`.
    public static func ~= (pattern: GoogleAPIClientError.Code, value: any Error) -> Bool {
        (value as? GoogleAPIClientError)?.code == pattern
    }
}

// MARK: - CustomStringConvertible

extension GoogleAPIClientError: CustomStringConvertible {
    public var description: String {
        switch code {
        case .missingPathParameter: "path parameter '\(name ?? reason)' was not set"
        case .invalidPathTemplate: "invalid path template '\(reason)'"
        case .invalidURL: "invalid URL '\(reason)'"
        case .decodingFailed: "response decoding failed: \(reason)"
        case .encodingFailed: "request encoding failed: \(reason)"
        case .repeatedPageToken: "page \(page ?? 0) repeated an earlier nextPageToken; stopping to avoid a loop"
        case .unsupported: "unsupported: \(reason)"
        case .mediaTransferFailed: "media transfer failed: \(reason)"
        case .invalidResponse: "invalid response: \(reason)"
        case .fileAccess: "cannot access \(path ?? "the file"): \(reason)"
        case .invalidPathParameter: "path parameter '\(name ?? "")' \(reason)"
        case .invalidHeaderValue: "header '\(name ?? "")' contains a line break or NUL"
        case .resourceChanged: "the resource changed during the transfer: \(reason)"
        case .integrityCheckFailed: "integrity check failed: \(reason)"
        case .uploadSourceChanged: "cannot resume the upload of \(path ?? "the media"): \(reason)"
        case .uploadSessionExpired: "the upload session can no longer be resumed (\(reason)); start the upload over"
        default: "\(code): \(reason)"
        }
    }
}
