import Foundation

// MARK: - HTTPResponseHead

/// The status line and headers of a response.
public struct HTTPResponseHead: Sendable, Hashable {
    public var status: Int
    public var headers: HTTPHeaders

    public init(status: Int, headers: HTTPHeaders) {
        self.status = status
        self.headers = headers
    }
}

// MARK: - HTTPResponse

/// A response whose body has been read into memory.
public struct HTTPResponse: Sendable {
    public var head: HTTPResponseHead
    public var body: Data

    public init(status: Int, headers: HTTPHeaders, body: Data) {
        self.head = HTTPResponseHead(status: status, headers: headers)
        self.body = body
    }

    public var status: Int { head.status }
    public var headers: HTTPHeaders { head.headers }
}

// MARK: - HTTPStreamingResponse

/// A response whose body arrives as chunks. The transfer pauses while the consumer is behind.
public struct HTTPStreamingResponse: Sendable {
    public var head: HTTPResponseHead
    public var body: HTTPResponseBody

    public init(head: HTTPResponseHead, body: HTTPResponseBody) {
        self.head = head
        self.body = body
    }

    public var status: Int { head.status }
    public var headers: HTTPHeaders { head.headers }
}
