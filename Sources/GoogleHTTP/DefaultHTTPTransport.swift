// MARK: - DefaultHTTPTransport

/// The transport every initializer of the package uses when none is passed (`OAuthClient`,
/// `AuthorizedSession`, the credentials, the sample tools), chosen for the platform when the
/// package is built: ``CurlTransport/shared`` on Linux, ``URLSessionTransport/shared`` on Apple
/// platforms, which ship no libcurl for apps (an app for iPhone never links it).
///
/// Pass a transport of your own for other settings (timeouts, a CA bundle, a proxy), or to use
/// ``URLSessionTransport`` on Linux; `GoogleEnvironment` builds one from `GOOGLE_API_TRANSPORT`.
public enum DefaultHTTPTransport {
    /// The process's one default transport, made on first use and kept for the life of the
    /// process, so everything that uses it shares one connection pool.
    public static var shared: any HTTPTransport {
        #if canImport(CCurl)
        CurlTransport.shared
        #else
        URLSessionTransport.shared
        #endif
    }

    /// The name of the transport ``shared`` is (`curl` on Linux, `urlsession` elsewhere).
    public static var kind: HTTPTransportKind { .platformDefault }

    /// A new transport of the platform's default kind with `configuration`, e.g. one trusting
    /// other CAs (`GoogleEnvironment.transportConfiguration(_:)`).
    /// - Parameter configuration: The transport's settings.
    public static func make(configuration: HTTPTransportConfiguration) -> any HTTPTransport {
        #if canImport(CCurl)
        CurlTransport(configuration: configuration)
        #else
        URLSessionTransport(configuration: configuration)
        #endif
    }
}
