// MARK: - HTTPTransportKind

/// A transport by name, as `GOOGLE_API_TRANSPORT` gives it (`GoogleEnvironment` reads it when an
/// app opts in): `curl` (``CurlTransport``, Linux only) or `urlsession` (``URLSessionTransport``).
public enum HTTPTransportKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ``CurlTransport``: libcurl, Linux only (Apple platforms ship no libcurl for apps).
    case curl
    /// ``URLSessionTransport``: the default on Apple platforms, FoundationNetworking on Linux.
    case urlSession = "urlsession"

    /// The kind ``DefaultHTTPTransport`` uses on this platform.
    public static var platformDefault: HTTPTransportKind {
        #if canImport(CCurl)
        .curl
        #else
        .urlSession
        #endif
    }

    /// Whether this platform has the transport (libcurl's is Linux only).
    public var isAvailable: Bool {
        #if canImport(CCurl)
        true
        #else
        self == .urlSession
        #endif
    }

    /// The kind of `transport`, when it is one of the package's.
    /// - Parameter transport: Any transport.
    public init?(of transport: any HTTPTransport) {
        if transport is URLSessionTransport {
            self = .urlSession
            return
        }
        #if canImport(CCurl)
        if transport is CurlTransport {
            self = .curl
            return
        }
        #endif
        return nil
    }

    /// The name (`curl`, `urlsession`).
    public var description: String { rawValue }

    /// A new transport of this kind; the platform's default kind where this one is not available.
    /// - Parameter configuration: The transport's settings.
    public func make(configuration: HTTPTransportConfiguration = .default) -> any HTTPTransport {
        switch self {
        case .urlSession:
            return URLSessionTransport(configuration: configuration)
        case .curl:
            #if canImport(CCurl)
            return CurlTransport(configuration: configuration)
            #else
            return URLSessionTransport(configuration: configuration)
            #endif
        }
    }

    /// The process's shared transport of this kind (``CurlTransport/shared``,
    /// ``URLSessionTransport/shared``).
    public var shared: any HTTPTransport {
        switch self {
        case .urlSession:
            return URLSessionTransport.shared
        case .curl:
            return DefaultHTTPTransport.shared
        }
    }
}
