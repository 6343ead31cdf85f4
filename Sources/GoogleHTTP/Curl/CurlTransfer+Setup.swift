#if canImport(CCurl)
internal import CCurl
import Foundation

// MARK: - Per-request options

extension CurlTransfer {
    /// Sets every option that can differ between requests. Pooled handles are not reset (that
    /// would drop their buffers), so each of these is set on every request, in an order that
    /// undoes the side effects curl attaches to `UPLOAD` and `NOBODY`.
    /// - Throws: ``HTTPTransportError`` for an unusable URL or header.
    func configure(
        request: GoogleHTTPRequest, timeouts: HTTPTimeouts, configuration: HTTPTransportConfiguration,
        sharedExpectSuppression: UnsafeMutablePointer<curl_slist>?
    ) throws(HTTPTransportError) {
        let easy = self.easy
        handle.clearErrorMessage()
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPTransportError(kind: .invalidURL, url: request.url, message: "only http and https URLs are supported")
        }
        guard ccurl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString) == CURLE_OK else {
            throw HTTPTransportError(kind: .invalidURL, url: request.url, message: "libcurl rejected the URL")
        }
        ccurl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, userdata)
        ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, userdata)
        ccurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, userdata)
        ccurl_easy_setopt_pointer(easy, CURLOPT_READDATA, userdata)
        ccurl_easy_setopt_pointer(easy, CURLOPT_SEEKDATA, userdata)
        ccurl_easy_setopt_pointer(easy, CURLOPT_XFERINFODATA, userdata)
        ccurl_easy_setopt_long(easy, CURLOPT_NOPROGRESS, progress == nil ? 1 : 0)

        try configureMethodAndBody(request)
        try configureHeaders(request, sharedExpectSuppression: sharedExpectSuppression)
        configureContentEncoding(request, configuration: configuration)
        configureTimeouts(timeouts)
        ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, request.followRedirects ? 1 : 0)
        ccurl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, request.followRedirects ? configuration.maxRedirects : -1)
    }

    // MARK: - Method and body

    private func configureMethodAndBody(_ request: GoogleHTTPRequest) throws(HTTPTransportError) {
        let easy = self.easy
        let method = request.method.rawValue
        guard !method.isEmpty, method.utf8.allSatisfy(Self.isTokenCharacter) else {
            throw HTTPTransportError(kind: .other, url: request.url, message: "invalid HTTP method token")
        }
        if method == "HEAD" {
            ccurl_easy_setopt_long(easy, CURLOPT_UPLOAD, 0)
            ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
            ccurl_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, nil)
            return
        }
        let bodyLength = request.body.knownLength
        let hasBody: Bool =
            switch request.body {
            case .empty: ["POST", "PUT", "PATCH"].contains(method)  // Send `Content-Length: 0`.
            case .data(let data): !data.isEmpty || method != "GET"
            case .file, .stream: true
            }
        if hasBody {
            requestBody = try CurlRequestBodySource.make(for: request.body, url: request.url, transfer: self)
            // UPLOAD (rather than POST) reads through our callback for every method and never adds
            // a form Content-Type; CUSTOMREQUEST then puts the real method on the wire.
            ccurl_easy_setopt_long(easy, CURLOPT_UPLOAD, 1)
            ccurl_easy_setopt_off_t(easy, CURLOPT_INFILESIZE_LARGE, bodyLength.map { curl_off_t($0) } ?? -1)
            ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 0)
            ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method)
        } else {
            ccurl_easy_setopt_long(easy, CURLOPT_UPLOAD, 0)
            ccurl_easy_setopt_long(easy, CURLOPT_NOBODY, 0)
            ccurl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
            if method == "GET" {
                ccurl_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, nil)
            } else {
                ccurl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, method)
            }
        }
    }

    /// RFC 9110 token characters, so a method can never smuggle spaces or line breaks.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    // MARK: - Headers

    private func configureHeaders(
        _ request: GoogleHTTPRequest, sharedExpectSuppression: UnsafeMutablePointer<curl_slist>?
    ) throws(HTTPTransportError) {
        if request.headers.isEmpty {
            // The common case costs no allocation: one list owned by the loop says `Expect:`.
            headerList = sharedExpectSuppression
            ownsHeaderList = false
        } else {
            var list: UnsafeMutablePointer<curl_slist>?
            var callerSetExpect = false
            for field in request.headers {
                guard Self.isValidHeader(field) else {
                    if let list { curl_slist_free_all(list) }
                    throw HTTPTransportError(kind: .other, url: request.url, message: "invalid header field \"\(field.name)\"")
                }
                if field.name.caseInsensitiveEquals("Expect") { callerSetExpect = true }
                // `Name;` is curl's spelling of "send this header with an empty value".
                let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
                list = curl_slist_append(list, line)
            }
            if !callerSetExpect {
                list = curl_slist_append(list, "Expect:")
            }
            headerList = list
            ownsHeaderList = true
        }
        ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList)
    }

    private static func isValidHeader(_ field: GoogleHTTPHeaders.Field) -> Bool {
        !field.name.isEmpty
            && field.name.utf8.allSatisfy(isTokenCharacter)
            && !field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

    // MARK: - Content encoding

    /// Asks for gzip when the request wants it (``GoogleHTTPRequest/acceptsGzip``) and the transport
    /// does not already ask for every coding; curl then decodes the body as it arrives.
    private func configureContentEncoding(_ request: GoogleHTTPRequest, configuration: HTTPTransportConfiguration) {
        if configuration.automaticDecompression {
            response.decodesBody = true
            return
        }
        let wantsGzip = request.acceptsGzip && CurlGlobal.supportsGzip
        response.decodesBody = wantsGzip
        guard handle.asksForGzip != wantsGzip else { return }
        handle.asksForGzip = wantsGzip
        if wantsGzip {
            ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "gzip")
            ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent + " (gzip)")
        } else {
            ccurl_easy_setopt_pointer(easy, CURLOPT_ACCEPT_ENCODING, nil)
            ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent)
        }
    }

    // MARK: - Timeouts

    private func configureTimeouts(_ timeouts: HTTPTimeouts) {
        let easy = self.easy
        ccurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, timeouts.connect.map(Self.milliseconds) ?? 0)
        ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, timeouts.request.map(Self.milliseconds) ?? 0)
        // curl's own stall check counts whole seconds; the loop runs `HTTPStallWatch` instead.
        ccurl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, 0)
        ccurl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 0)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 1 }
        let total = seconds.multipliedReportingOverflow(by: 1000)
        guard !total.overflow else { return Int.max / 2 }
        let millis = Int(total.partialValue) + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        return max(1, millis)
    }
}
#endif
