import Foundation
public import GoogleHTTPTypes

// MARK: - HTTPServerResponse

/// What a route answers.
public struct HTTPServerResponse: Sendable {
    public enum Body: Sendable {
        case data(Data)
        /// Bytes of a file; `range` selects part of it (for `Range` requests).
        case file(URL, range: Range<Int64>? = nil)
        /// Chunks sent with chunked transfer encoding unless `Content-Length` is set in `headers`
        /// (then the chunks are sent as they are, up to that length).
        ///
        /// When the stream throws, or ends before a declared `Content-Length`, the server closes
        /// the connection without finishing the body (no final chunk), which is the only way left
        /// to tell the client that the response is incomplete.
        case stream(HTTPBodyStream)
    }

    public var status: Int
    public var headers: GoogleHTTPHeaders
    public var body: Body
    /// Whether the server closes the connection instead of answering (see ``dropConnection``).
    public private(set) var dropsConnection: Bool

    public init(status: Int = 200, headers: GoogleHTTPHeaders = [:], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
        self.dropsConnection = false
    }

    // MARK: - Dropping the connection

    /// Not an answer: the server closes the connection without sending anything and reads no
    /// more from it (not even the rest of a streamed request body). For clients a server decides
    /// not to answer at all (an abusive or unexpected peer). `status`, `headers` and `body` are
    /// never sent; `status` is 444 (nginx's code for the same thing), which a handler may change
    /// for its own records.
    public static var dropConnection: HTTPServerResponse {
        var response = HTTPServerResponse(status: 444)
        response.dropsConnection = true
        return response
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
