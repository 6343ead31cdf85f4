// MARK: - RequestHeadError

/// Why a request head was rejected; each maps to the status the server answers before closing.
package enum RequestHeadError: Error, Equatable {
    case malformed(String)
    case tooLarge
    case versionNotSupported

    package var status: Int {
        switch self {
        case .malformed: 400
        case .tooLarge: 431
        case .versionNotSupported: 505
        }
    }

    package var reason: String {
        switch self {
        case .malformed(let why): "Malformed request: \(why)"
        case .tooLarge: "Request header fields too large"
        case .versionNotSupported: "HTTP version not supported"
        }
    }
}
