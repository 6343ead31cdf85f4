import Foundation

// MARK: - HTTPTransport

/// Sends HTTP requests. `CurlTransport` (module GoogleHTTP) is the production implementation.
public protocol HTTPTransport: Sendable {
    /// Sends the request and reads the whole response body into memory.
    /// - Throws: ``HTTPTransportError`` when no complete response arrives.
    func send(_ request: GoogleHTTPRequest) async throws -> GoogleHTTPResponse

    /// Sends the request and writes the response body to `file` (created or truncated), never
    /// holding more than one buffer of it in memory.
    /// - Throws: ``HTTPTransportError``; on failure the file holds the bytes received so far.
    func download(_ request: GoogleHTTPRequest, to file: URL) async throws -> GoogleHTTPResponseHead

    /// Sends the request and returns once the response head has arrived; the body follows as an
    /// asynchronous sequence with back-pressure.
    /// - Throws: ``HTTPTransportError`` when no response head arrives.
    func stream(_ request: GoogleHTTPRequest) async throws -> HTTPStreamingResponse
}
