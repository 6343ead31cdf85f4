import Foundation
internal import CCurl

// MARK: - CurlTransport

/// The libcurl-backed ``HTTPTransport``. (Being implemented: see issue 2.)
public final class CurlTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPTransportError(kind: .other, url: request.url, message: "not implemented yet")
    }

    public func download(_ request: HTTPRequest, to file: URL) async throws -> HTTPResponseHead {
        throw HTTPTransportError(kind: .other, url: request.url, message: "not implemented yet")
    }

    public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
        throw HTTPTransportError(kind: .other, url: request.url, message: "not implemented yet")
    }
}
