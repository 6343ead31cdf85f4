#if canImport(CCurl)
internal import CCurl
import Foundation

// MARK: - Completion and error mapping (multi lock)

extension CurlTransfer {
    /// Finishes the transfer with curl's verdict, translated into an ``HTTPTransportError``.
    func complete(with code: CURLcode) {
        guard code != CURLE_OK else {
            finish(nil)
            return
        }
        // Our own callbacks failing (unreadable body, full disk, a limit) explain the error
        // better than curl.
        if let failure = localFailure ?? response.refusal {
            finish(failure)
            return
        }
        // An error body cut at its limit on purpose: what was kept is the response.
        if response.errorBodyTruncated, code == CURLE_WRITE_ERROR {
            finish(nil)
            return
        }
        let message = handle.errorMessage(fallback: code)
        if let proxyFailure = proxyFailure(code, message: message) {
            finish(proxyFailure)
            return
        }
        if let invalid = invalidResponse(code, message: message) {
            finish(invalid)
            return
        }
        let kind = kind(for: code, message: message)
        finish(HTTPTransportError(kind: kind, url: url, message: message, code: Int(code.rawValue)))
    }

    /// A failure of the proxy rather than of the server, named with the proxy's host and the
    /// variable that configured it (libcurl reads them from the environment itself): a `CONNECT`
    /// answered 407 or another error status, a proxy that cannot be reached, a tunnel closed
    /// before the server answered.
    private func proxyFailure(_ code: CURLcode, message: String) -> HTTPTransportError? {
        var connectCode = 0
        ccurl_easy_getinfo_long(easy, CURLINFO_HTTP_CONNECTCODE, &connectCode)
        let proxy = CurlProxyEnvironment.proxy(
            for: url, configured: loop.pool.configuration.proxy, environment: ProcessInfo.processInfo.environment)
        if proxy == nil && connectCode == 0 && code != CURLE_COULDNT_RESOLVE_PROXY { return nil }
        let named = proxy?.phrase ?? "the proxy"
        let kind: HTTPTransportError.Kind
        let text: String
        switch code {
        case _ where connectCode == 407:
            kind = .proxyAuthenticationRequired
            text = CurlProxyEnvironment.authenticationRequired(named, method: "CONNECT")
        case _ where connectCode >= 300:
            kind = .proxyTunnelFailed
            text = "\(named) refused the tunnel to \(url.host ?? "the server"): CONNECT answered \(connectCode)"
        case CURLE_COULDNT_RESOLVE_PROXY:
            kind = .proxyUnreachable
            text = "\(named) could not be found (its host name does not resolve): \(message)"
        case CURLE_COULDNT_CONNECT:
            kind = .proxyUnreachable
            text = "\(named) could not be reached (nothing accepts connections there): \(message)"
        case CURLE_OPERATION_TIMEDOUT where !response.hasFinalHead && connectCode == 0:
            kind = .proxyUnreachable
            text = "\(named) did not answer in time: \(message)"
        case CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR,
            CURLE_PROXY
        where !response.hasFinalHead && connectCode == 0 && url.scheme?.lowercased() == "https":
            kind = .proxyTunnelFailed
            text = "\(named) closed the tunnel to \(url.host ?? "the server") before it answered: \(message)"
        default:
            return nil
        }
        return HTTPTransportError(kind: kind, url: url, message: text, code: Int(code.rawValue))
    }

    /// The causes libcurl reports under generic codes, named: a corrupt content encoding, and
    /// (in libcurl 7.88) a header line past its 100 KiB limit as "out of memory" and a head past
    /// its 300 KiB limit as a receive error.
    private func invalidResponse(_ code: CURLcode, message: String) -> HTTPTransportError? {
        let text: String
        switch code {
        case CURLE_BAD_CONTENT_ENCODING:
            let coding = response.contentEncoding.map { " (\($0))" } ?? ""
            text = "the response body's content encoding\(coding) is corrupt, e.g. bad gzip data: \(message)"
        case CURLE_OUT_OF_MEMORY where !response.hasFinalHead:
            text =
                "a response header line is longer than libcurl accepts "
                + "(\(HTTPResponseLimits.describe(bytes: HTTPResponseLimits.libcurlMaxHeaderLineBytes))): \(message)"
        case CURLE_RECV_ERROR where !response.hasFinalHead && message.lowercased().contains("header"):
            text = "the response has too many headers: \(message)"
        case _ where !response.hasFinalHead && message.contains("Content-Length"):
            // libcurl refuses a negative or overflowing length itself ("Invalid Content-Length").
            text = "the response's Content-Length is not a decimal byte count: \(message)"
        default:
            return nil
        }
        return HTTPTransportError(kind: .invalidResponse, url: url, message: text, code: Int(code.rawValue))
    }

    private func kind(for code: CURLcode, message: String) -> HTTPTransportError.Kind {
        switch code {
        case CURLE_COULDNT_CONNECT:
            return .connectionRefused
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .hostNotFound
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CLIENTCERT:
            return .tls
        case CURLE_OPERATION_TIMEDOUT:
            return timeoutKind(message: message)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            return .connectionClosed
        case CURLE_ABORTED_BY_CALLBACK:
            return isCancellationRequested ? .cancelled : .other
        case CURLE_READ_ERROR, CURLE_SEND_FAIL_REWIND:
            return .requestBodyFailed
        case CURLE_WRITE_ERROR:
            return .responseBodyFailed
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL
        default:
            return .other
        }
    }

    /// curl reports both of its limits as `CURLE_OPERATION_TIMEDOUT` (stalls are ours, see
    /// `HTTPStallWatch`); tell them apart by elapsed time, and otherwise a transfer that never got
    /// connected hit the connect limit.
    private func timeoutKind(message: String) -> HTTPTransportError.Kind {
        let elapsed = startedAt.map { $0.duration(to: .now) } ?? .zero
        if let limit = timeouts.request, elapsed >= limit - .milliseconds(5) {
            return .requestTimeout
        }
        var connectedAfter: curl_off_t = 0
        ccurl_easy_getinfo_off_t(easy, CURLINFO_PRETRANSFER_TIME_T, &connectedAfter)
        if connectedAfter == 0 {
            return .connectTimeout
        }
        return .requestTimeout
    }
}
#endif
