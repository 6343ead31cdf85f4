import Foundation
import GoogleHTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - URLSessionErrorMapping

/// URLSession's errors as ``GoogleHTTPTypes/HTTPTransportError`` kinds, with messages of our own:
/// URLSession's descriptions may carry the URL, and with it a query's secrets.
enum URLSessionErrorMapping {
    static func map(_ error: any Error, url: URL, hasFinalHead: Bool) -> HTTPTransportError {
        guard let error = error as? URLError else {
            return HTTPTransportError(kind: .other, url: url, message: "URLSession failed (\(type(of: error)))")
        }
        let code = error.code
        let (kind, text): (HTTPTransportError.Kind, String) =
            switch code {
            case .cancelled: (.cancelled, "the request was cancelled")
            case .cannotConnectToHost: (.connectionRefused, "the server refused the connection")
            case .cannotFindHost, .dnsLookupFailed: (.hostNotFound, "the host name did not resolve")
            case .timedOut: (hasFinalHead ? .requestTimeout : .connectTimeout, "URLSession timed out")
            case .networkConnectionLost, .notConnectedToInternet:
                (.connectionClosed, "the connection was lost before the whole response arrived")
            case .badServerResponse, .zeroByteResource:
                hasFinalHead
                    ? (.connectionClosed, "the server closed the connection before the whole response arrived")
                    : (.connectionClosed, "the server closed the connection without a valid response")
            case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted, .serverCertificateHasUnknownRoot,
                .serverCertificateNotYetValid, .clientCertificateRejected, .clientCertificateRequired:
                (.tls, "the TLS handshake or the server's certificate check failed")
            case .unsupportedURL, .badURL: (.invalidURL, "the URL cannot be requested")
            case .httpTooManyRedirects, .redirectToNonExistentLocation: (.tooManyRedirects, "too many redirects")
            case .cannotDecodeContentData, .cannotDecodeRawData, .cannotParseResponse:
                (.invalidResponse, "the response could not be decoded (a corrupt content encoding, e.g. bad gzip data)")
            case .requestBodyStreamExhausted: (.requestBodyFailed, "the request body could not be sent again")
            case .cannotWriteToFile: (.responseBodyFailed, "the response body could not be written")
            // FoundationNetworking reports a body cut short (libcurl's CURLE_PARTIAL_FILE) as unknown.
            case .unknown where hasFinalHead: (.connectionClosed, "the connection ended before the whole response arrived")
            default: (.other, "URLSession failed")
            }
        return HTTPTransportError(kind: kind, url: url, message: "\(text) (URLError \(code.rawValue))", code: code.rawValue)
    }
}
