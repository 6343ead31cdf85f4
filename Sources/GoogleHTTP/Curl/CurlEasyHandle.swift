#if canImport(CCurl)
internal import CCurl
import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes
import Synchronization

// MARK: - CurlEasyHandle

/// One libcurl easy handle plus the error buffer registered with it. Handles are pooled: options
/// that never change are set once here, and a reused handle keeps its receive/upload buffers.
final class CurlEasyHandle: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// Whether the handle currently asks for gzip for one request (``GoogleHTTPRequest/acceptsGzip``);
    /// tracked so the two options involved are only set when a request differs from the last.
    var asksForGzip = false
    /// Whether the handle reports closed sockets to its loop (set once, when first attached).
    var reportsClosedSockets = false

    init?(configuration: HTTPTransportConfiguration) {
        guard let easy = curl_easy_init() else { return nil }
        self.easy = easy
        self.errorBuffer = .allocate(capacity: Int(ccurl_error_size) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(ccurl_error_size) + 1)
        applyFixedOptions(configuration)
    }

    deinit {
        curl_easy_cleanup(easy)
        errorBuffer.deallocate()
    }

    /// The error buffer's text, or `fallback` when curl left it empty.
    func errorMessage(fallback code: CURLcode) -> String {
        if errorBuffer.pointee != 0 {
            return String(cString: errorBuffer)
        }
        return String(cString: curl_easy_strerror(code))
    }

    func clearErrorMessage() {
        errorBuffer.pointee = 0
    }

    // MARK: - Options common to every transfer

    private func applyFixedOptions(_ configuration: HTTPTransportConfiguration) {
        // Signals are process-wide; a library must not install SIGALRM handlers behind the app's back.
        ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        ccurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        ccurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        ccurl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // Sockets are close-on-exec: a child process started meanwhile must not hold a connection.
        ccurl_easy_open_sockets_cloexec(easy)
        // Through an HTTPS proxy, the CONNECT's own answer ("200 Connection established") is not
        // the response: without this it would reach the header callback as a head of its own.
        // A refused CONNECT is read from CURLINFO_HTTP_CONNECTCODE instead.
        ccurl_easy_setopt_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        ccurl_easy_setopt_long(easy, CURLOPT_TCP_NODELAY, 1)
        ccurl_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        // With HTTP/2, wait for an existing connection to confirm multiplexing instead of opening more.
        ccurl_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1)
        ccurl_easy_setopt_long(easy, CURLOPT_BUFFERSIZE, max(16 << 10, min(configuration.largeTransferBufferBytes, 10 << 20)))
        ccurl_easy_setopt_long(easy, CURLOPT_UPLOAD_BUFFERSIZE, max(16 << 10, min(configuration.largeTransferBufferBytes, 2 << 20)))
        // Google serves gzip to clients whose User-Agent contains "gzip" and that accept it.
        let decodesAll = configuration.automaticDecompression
        ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent + (decodesAll ? " (gzip)" : ""))
        ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, configuration.verifyTLS ? 1 : 0)
        ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, configuration.verifyTLS ? 2 : 0)
        if let caBundlePath = configuration.caBundlePath {
            ccurl_easy_setopt_string(easy, CURLOPT_CAINFO, caBundlePath)
        }
        if let caDirectoryPath = configuration.caDirectoryPath {
            ccurl_easy_setopt_string(easy, CURLOPT_CAPATH, caDirectoryPath)
        }
        if let proxy = configuration.proxy {
            // Set, it replaces the environment's variables (no_proxy included), as libcurl documents.
            ccurl_easy_setopt_string(easy, CURLOPT_PROXY, proxy.absoluteString)
        }
        let version: Int =
            switch configuration.httpVersion {
            case .http2OverTLS: Int(CURL_HTTP_VERSION_2TLS)
            case .http1_1: Int(CURL_HTTP_VERSION_1_1)
            case .http2: Int(CURL_HTTP_VERSION_2_0)
            }
        ccurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, version)
        if decodesAll {
            ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        }
        ccurl_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback)
        ccurl_easy_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
        ccurl_easy_setopt_data_callback(easy, CURLOPT_READFUNCTION, curlReadCallback)
        ccurl_easy_setopt_seek_callback(easy, curlSeekCallback)
        ccurl_easy_setopt_xferinfo_callback(easy, curlProgressCallback)
    }
}

// MARK: - CurlEasyHandlePool

/// Idle easy handles. Taken by request tasks (which configure them off the loop thread) and
/// returned by the loop thread once a transfer is done.
final class CurlEasyHandlePool: Sendable {
    private let idle = PlainLock<[CurlEasyHandle]>([])
    let configuration: HTTPTransportConfiguration
    private let capacity: Int

    init(configuration: HTTPTransportConfiguration, capacity: Int = 64) {
        self.configuration = configuration
        self.capacity = capacity
    }

    func take() -> CurlEasyHandle? {
        if let handle = idle.withLock({ $0.popLast() }) {
            return handle
        }
        return CurlEasyHandle(configuration: configuration)
    }

    /// Keeps `handle` for reuse; past `capacity` it is released (outside the lock, since
    /// `curl_easy_cleanup` may take a while).
    func giveBack(_ handle: CurlEasyHandle) {
        let surplus: CurlEasyHandle? = idle.withLock { handles in
            guard handles.count < capacity else { return handle }
            handles.append(handle)
            return nil
        }
        _ = surplus
    }

    func drain() {
        let released = idle.withLock { handles in
            defer { handles = [] }
            return handles
        }
        _ = released
    }
}
#endif
