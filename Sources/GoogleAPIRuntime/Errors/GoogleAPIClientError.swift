// MARK: - GoogleAPIClientError

/// Failures of the runtime itself (as opposed to errors the API returned, ``GoogleAPIError``).
public enum GoogleAPIClientError: Error, Sendable, Hashable {
    /// The path template names a parameter that was not set.
    case missingPathParameter(String)
    /// The path template is malformed (an unterminated `{`).
    case invalidPathTemplate(String)
    /// The URL built from the root URL, paths and query is not a valid URL.
    case invalidURL(String)
    /// The response body is not what the method's schema describes.
    case decodingFailed(String)
    /// The request body could not be encoded.
    case encodingFailed(String)
    /// The server returned a `nextPageToken` it had already returned: following it would loop.
    case repeatedPageToken(page: Int)
    /// The method has no media upload path, or the service no batch path.
    case unsupported(String)
    /// A media upload or download did not complete as the protocol requires.
    case mediaTransferFailed(String)
    /// The server's response does not follow the protocol (e.g. a batch part without a status).
    case invalidResponse(String)
    /// A local file could not be read or written.
    case fileAccess(path: String, reason: String)
    /// A path parameter's value would leave its segment once sent (empty, `.` or `..`, which
    /// URL normalisation removes): nothing was sent.
    case invalidPathParameter(name: String, reason: String)
    /// A header value (batch part or multipart `Content-Type`) contains CR, LF or NUL, which
    /// would start a new header or part: nothing was sent.
    case invalidHeaderValue(name: String)
    /// The resource changed while a download was resumed (its ETag or Last-Modified differs), so
    /// the bytes already received belong to another version.
    case resourceChanged(String)
    /// The transferred bytes do not match the size or MD5 checksum the server reported.
    case integrityCheckFailed(String)
    /// A saved resumable upload session was not resumed because the media is not what it was
    /// started with (another size, or the file changed): nothing was sent.
    case uploadSourceChanged(path: String, reason: String)
}

// MARK: - CustomStringConvertible

extension GoogleAPIClientError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingPathParameter(let name): "path parameter '\(name)' was not set"
        case .invalidPathTemplate(let template): "invalid path template '\(template)'"
        case .invalidURL(let url): "invalid URL '\(url)'"
        case .decodingFailed(let reason): "response decoding failed: \(reason)"
        case .encodingFailed(let reason): "request encoding failed: \(reason)"
        case .repeatedPageToken(let page): "page \(page) repeated an earlier nextPageToken; stopping to avoid a loop"
        case .unsupported(let reason): "unsupported: \(reason)"
        case .mediaTransferFailed(let reason): "media transfer failed: \(reason)"
        case .invalidResponse(let reason): "invalid response: \(reason)"
        case .fileAccess(let path, let reason): "cannot access \(path): \(reason)"
        case .invalidPathParameter(let name, let reason): "path parameter '\(name)' \(reason)"
        case .invalidHeaderValue(let name): "header '\(name)' contains a line break or NUL"
        case .resourceChanged(let reason): "the resource changed during the transfer: \(reason)"
        case .integrityCheckFailed(let reason): "integrity check failed: \(reason)"
        case .uploadSourceChanged(let path, let reason): "cannot resume the upload of \(path): \(reason)"
        }
    }
}
