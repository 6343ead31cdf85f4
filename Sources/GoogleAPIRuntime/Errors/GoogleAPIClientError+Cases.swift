// MARK: - Shorthands for the package's own code

/// One line per code for the package's throw sites (`throw .decodingFailed(reason)`). Not public:
/// callers build an error with `GoogleAPIClientError(code:reason:…)` and match it by
/// ``GoogleAPIClientError/Code`` (`case .integrityCheckFailed:`).
extension GoogleAPIClientError {
    /// ``Code/missingPathParameter``.
    package static func missingPathParameter(_ name: String) -> Self { Self(code: .missingPathParameter, name: name) }
    /// ``Code/invalidPathTemplate``.
    package static func invalidPathTemplate(_ template: String) -> Self { Self(code: .invalidPathTemplate, reason: template) }
    /// ``Code/invalidURL``; `url` must already have its secrets masked.
    package static func invalidURL(_ url: String) -> Self { Self(code: .invalidURL, reason: url) }
    /// ``Code/decodingFailed``.
    package static func decodingFailed(_ reason: String) -> Self { Self(code: .decodingFailed, reason: reason) }
    /// ``Code/encodingFailed``.
    package static func encodingFailed(_ reason: String) -> Self { Self(code: .encodingFailed, reason: reason) }
    /// ``Code/repeatedPageToken``.
    package static func repeatedPageToken(page: Int) -> Self { Self(code: .repeatedPageToken, page: page) }
    /// ``Code/unsupported``.
    package static func unsupported(_ reason: String) -> Self { Self(code: .unsupported, reason: reason) }
    /// ``Code/mediaTransferFailed``.
    package static func mediaTransferFailed(_ reason: String) -> Self { Self(code: .mediaTransferFailed, reason: reason) }
    /// ``Code/invalidResponse``.
    package static func invalidResponse(_ reason: String) -> Self { Self(code: .invalidResponse, reason: reason) }
    /// ``Code/fileAccess``.
    package static func fileAccess(path: String, reason: String) -> Self { Self(code: .fileAccess, reason: reason, path: path) }
    /// ``Code/invalidPathParameter``.
    package static func invalidPathParameter(name: String, reason: String) -> Self {
        Self(code: .invalidPathParameter, reason: reason, name: name)
    }
    /// ``Code/invalidHeaderValue``.
    package static func invalidHeaderValue(name: String) -> Self { Self(code: .invalidHeaderValue, name: name) }
    /// ``Code/resourceChanged``.
    package static func resourceChanged(_ reason: String) -> Self { Self(code: .resourceChanged, reason: reason) }
    /// ``Code/integrityCheckFailed``.
    package static func integrityCheckFailed(_ reason: String) -> Self { Self(code: .integrityCheckFailed, reason: reason) }
    /// ``Code/uploadSourceChanged``.
    package static func uploadSourceChanged(path: String, reason: String) -> Self {
        Self(code: .uploadSourceChanged, reason: reason, path: path)
    }
}
