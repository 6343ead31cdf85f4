import Foundation
public import GoogleHTTPTypes

// MARK: - HTTPServerResponse

/// What a route answers.
public struct HTTPServerResponse: Sendable {
    public enum Body: Sendable {
        case data(Data)
        /// Bytes of a file; `range` selects part of it (for `Range` requests).
        case file(URL, range: Range<Int64>? = nil)
        /// Chunks sent with chunked transfer encoding unless `Content-Length` is set in `headers`.
        case stream(HTTPBodyStream)
    }

    /// Misbehaviour to inject when sending this response, so the package's tests and the emulator
    /// (which layers its scripted faults on this hook) can reproduce what real networks and proxies
    /// do. Package-only: production servers, such as the OAuth loopback listener, cannot misbehave.
    package enum Fault: Sendable, Hashable {
        /// Send the head and this many body bytes, then close the connection.
        case closeAfterBodyBytes(Int)
        /// Close the connection without sending anything.
        case closeWithoutResponse
        /// Wait this long before sending the head.
        case delayHead(Duration)
        /// Send the head, then wait this long between body chunks of `chunkSize` bytes.
        case slowBody(chunkSize: Int, delay: Duration)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body
    /// The fault to inject while sending; `nil` (always, outside the package) sends normally.
    package var fault: Fault?

    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = nil
    }

    /// A response sent with `fault` injected (tests and the emulator).
    package init(status: Int = 200, headers: HTTPHeaders = [:], body: Body = .data(Data()), fault: Fault?) {
        self.init(status: status, headers: headers, body: body)
        self.fault = fault
    }

    // MARK: - Conveniences

    public static func text(_ text: String, status: Int = 200) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .data(Data(text.utf8)))
    }

    public static func html(_ html: String, status: Int = 200) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .data(Data(html.utf8)))
    }

    /// A JSON response from already-encoded bytes.
    public static func json(_ data: Data, status: Int = 200) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: ["Content-Type": "application/json; charset=UTF-8"], body: .data(data))
    }

    /// A JSON response from any `Encodable` value.
    public static func json(_ value: some Encodable, status: Int = 200) -> HTTPServerResponse {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        return .json(data, status: status)
    }

    public static func redirect(to location: String, status: Int = 302) -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: ["Location": location])
    }

    public static let notFound = HTTPServerResponse.text("Not Found", status: 404)
}
