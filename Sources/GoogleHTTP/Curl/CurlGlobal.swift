#if canImport(CCurl)
internal import CCurl

// MARK: - CurlGlobal

/// libcurl's process-wide setup. `curl_global_init` must run once before any other libcurl call
/// and is not itself thread-safe; a Swift `static let` initializer runs exactly once, guarded by
/// the runtime, which is the guarantee we need. `curl_global_cleanup` is deliberately never
/// called: other threads (ours or the host app's) may still be inside libcurl at exit.
enum CurlGlobal {
    static let initializationResult: CURLcode = curl_global_init(ccurl_global_default)

    /// Whether this libcurl was built with zlib, so it can decode gzip responses.
    static let supportsGzip: Bool = {
        guard ensureInitialized(), let info = curl_version_info(CURLVERSION_FIRST) else { return false }
        return info.pointee.features & (1 << 3) != 0  // CURL_VERSION_LIBZ
    }()

    /// Runs the one-time initialization if it has not run yet.
    /// - Returns: Whether libcurl is usable.
    @discardableResult
    static func ensureInitialized() -> Bool {
        initializationResult == CURLE_OK
    }
}
#endif
