#if canImport(CCurl)
// MARK: - The shared transport

extension CurlTransport {
    /// The process's one libcurl transport (`HTTPTransportConfiguration/default`), made on first
    /// use and kept for the life of the process: on Linux, ``DefaultHTTPTransport/shared``, what
    /// `OAuthClient`, `AuthorizedSession`, the credentials and the sample tools use when no
    /// transport is passed, so they share one curl thread, connection pool and HTTP/2 connections
    /// instead of each starting its own. Pass your own `CurlTransport` only for other settings
    /// (timeouts, a CA bundle, a proxy).
    public static let shared = CurlTransport()
}
#endif
