import Foundation
import GoogleHTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - URLSessionRequestBuilder

/// Turns a `GoogleHTTPRequest` into a `URLRequest` with the same rules ``CurlTransport`` applies:
/// only http(s), header fields without line breaks, `User-Agent` from the configuration unless the
/// request sets one, gzip asked for when the request wants it (URLSession decodes it).
struct URLSessionRequestBuilder {
    let configuration: HTTPTransportConfiguration

    struct Prepared {
        var urlRequest: URLRequest
        /// Where a body that is not in memory comes from.
        var bodySource: URLSessionBodySource?
        /// Whether URLSession decodes the body (it always decodes what it asked for).
        var decodesBody: Bool
    }

    func prepare(_ request: GoogleHTTPRequest) throws(HTTPTransportError) -> Prepared {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https", request.url.host != nil else {
            throw HTTPTransportError(kind: .invalidURL, url: request.url, message: "only http and https URLs can be requested")
        }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers {
            guard Self.isValid(field) else {
                throw HTTPTransportError(
                    kind: .other, url: request.url, message: "the request header field \"\(field.name.prefix(40))\" is not valid HTTP")
            }
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        let wantsGzip = configuration.automaticDecompression || request.acceptsGzip
        if !request.headers.contains("User-Agent") {
            // Google serves gzip to clients whose User-Agent contains "gzip" and that accept it.
            urlRequest.setValue(configuration.userAgent + (wantsGzip ? " (gzip)" : ""), forHTTPHeaderField: "User-Agent")
        }
        if !request.headers.contains("Accept-Encoding") {
            // URLSession asks for (and decodes) every coding it knows unless told otherwise.
            urlRequest.setValue(wantsGzip ? "gzip" : "identity", forHTTPHeaderField: "Accept-Encoding")
        }
        var bodySource: URLSessionBodySource?
        switch request.body {
        case .empty:
            break
        case .data(let data):
            urlRequest.httpBody = data
        case .file(let url, let offset, let length):
            bodySource = try URLSessionBodySource(file: url, offset: offset, length: length, requestURL: request.url)
        case .stream(let stream, _):
            bodySource = URLSessionBodySource(stream: stream, readAhead: configuration.streamBufferBytes, requestURL: request.url)
        }
        if let length = request.body.knownLength, !request.headers.contains("Content-Length"), bodySource != nil {
            urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
        }
        #if canImport(FoundationNetworking) && !GOOGLE_APPLE_TYPECHECK
        // FoundationNetworking sends every httpBodyStream chunked and keeps a Content-Length
        // field beside it: a request with both, which servers refuse (RFC 9112 §6.3, a
        // smuggling vector). Chunked framing alone carries the same body.
        if bodySource != nil { urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length") }
        #endif
        if let bodySource {
            urlRequest.httpBodyStream = bodySource.makeInputStream()
        }
        return Prepared(urlRequest: urlRequest, bodySource: bodySource, decodesBody: true)
    }

    /// A token name and a value without CR, LF or NUL: anything else could split the request.
    private static func isValid(_ field: GoogleHTTPHeaders.Field) -> Bool {
        !field.name.isEmpty
            && field.name.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
            }
            && !field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }
}
