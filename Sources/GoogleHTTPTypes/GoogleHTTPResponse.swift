import Foundation

// MARK: - GoogleHTTPResponseHead

/// The status line and headers of a response.
public struct GoogleHTTPResponseHead: Sendable, Hashable {
    public var status: Int
    public var headers: GoogleHTTPHeaders

    public init(status: Int, headers: GoogleHTTPHeaders) {
        self.status = status
        self.headers = headers
    }
}

// MARK: - GoogleHTTPResponse

/// A response whose body has been read into memory.
public struct GoogleHTTPResponse: Sendable {
    public var head: GoogleHTTPResponseHead
    public var body: Data

    public init(status: Int, headers: GoogleHTTPHeaders, body: Data) {
        self.head = GoogleHTTPResponseHead(status: status, headers: headers)
        self.body = body
    }

    public var status: Int { head.status }
    public var headers: GoogleHTTPHeaders { head.headers }
}

// MARK: - HTTPStreamingResponse

/// A response whose body arrives as chunks. The transfer pauses while the consumer is behind.
public struct HTTPStreamingResponse: Sendable {
    public var head: GoogleHTTPResponseHead
    public var body: HTTPResponseBody

    public init(head: GoogleHTTPResponseHead, body: HTTPResponseBody) {
        self.head = head
        self.body = body
    }

    public var status: Int { head.status }
    public var headers: GoogleHTTPHeaders { head.headers }
}
