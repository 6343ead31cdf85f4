// MARK: - Errors by their former case names

/// `GoogleAPIClientError` was an enum until the error story was unified; these keep its former
/// cases' construction compiling. Matching uses ``GoogleAPIClientError/Code``
/// (`case .integrityCheckFailed:` still works in a `switch` over an error).
extension GoogleAPIClientError {
    /// ``Code/missingPathParameter``.
    public static func missingPathParameter(_ name: String) -> Self { Self(code: .missingPathParameter, name: name) }
    /// ``Code/invalidPathTemplate``.
    public static func invalidPathTemplate(_ template: String) -> Self { Self(code: .invalidPathTemplate, reason: template) }
    /// ``Code/invalidURL``; `url` must already have its secrets masked.
    public static func invalidURL(_ url: String) -> Self { Self(code: .invalidURL, reason: url) }
    /// ``Code/decodingFailed``.
    public static func decodingFailed(_ reason: String) -> Self { Self(code: .decodingFailed, reason: reason) }
    /// ``Code/encodingFailed``.
    public static func encodingFailed(_ reason: String) -> Self { Self(code: .encodingFailed, reason: reason) }
    /// ``Code/repeatedPageToken``.
    public static func repeatedPageToken(page: Int) -> Self { Self(code: .repeatedPageToken, page: page) }
    /// ``Code/unsupported``.
    public static func unsupported(_ reason: String) -> Self { Self(code: .unsupported, reason: reason) }
    /// ``Code/mediaTransferFailed``.
    public static func mediaTransferFailed(_ reason: String) -> Self { Self(code: .mediaTransferFailed, reason: reason) }
    /// ``Code/invalidResponse``.
    public static func invalidResponse(_ reason: String) -> Self { Self(code: .invalidResponse, reason: reason) }
    /// ``Code/fileAccess``.
    public static func fileAccess(path: String, reason: String) -> Self { Self(code: .fileAccess, reason: reason, path: path) }
    /// ``Code/invalidPathParameter``.
    public static func invalidPathParameter(name: String, reason: String) -> Self {
        Self(code: .invalidPathParameter, reason: reason, name: name)
    }
    /// ``Code/invalidHeaderValue``.
    public static func invalidHeaderValue(name: String) -> Self { Self(code: .invalidHeaderValue, name: name) }
    /// ``Code/resourceChanged``.
    public static func resourceChanged(_ reason: String) -> Self { Self(code: .resourceChanged, reason: reason) }
    /// ``Code/integrityCheckFailed``.
    public static func integrityCheckFailed(_ reason: String) -> Self { Self(code: .integrityCheckFailed, reason: reason) }
    /// ``Code/uploadSourceChanged``.
    public static func uploadSourceChanged(path: String, reason: String) -> Self {
        Self(code: .uploadSourceChanged, reason: reason, path: path)
    }
}
