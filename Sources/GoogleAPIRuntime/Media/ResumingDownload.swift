import Foundation
import GoogleHTTP

// MARK: - ResumingDownload

/// The state of a media download that survives dropped connections: after a failure it asks for
/// the rest with `Range: bytes=N-`, checks the `206` and `Content-Range`, and when the server
/// answers `200` instead it reads from the start again, discarding the bytes already delivered.
struct ResumingDownload: Sendable {
    let client: GoogleServiceClient
    let request: HTTPRequest
    /// Bytes delivered to the consumer so far.
    private(set) var delivered: Int64 = 0
    /// The full size, once a response told it.
    private(set) var totalBytes: Int64?
    /// The body currently being read.
    private var body: HTTPResponseBody?
    /// Bytes at the start of `body` the consumer already has.
    private var skip: Int64 = 0
    private var failures = 0
    private var validator: String?

    init(client: GoogleServiceClient, request: HTTPRequest) {
        self.client = client
        self.request = request
    }

    /// Sends the first request so error statuses surface before any byte is consumed.
    /// - Throws: ``GoogleAPIError`` for error statuses, transport and session errors.
    mutating func start() async throws {
        try await connect()
    }

    /// Drops what has been delivered and starts over from byte 0.
    mutating func restartFromZero() {
        delivered = 0
        body = nil
        skip = 0
    }

    // MARK: - Reading

    /// The next chunk, reconnecting as needed; `nil` at the end.
    mutating func nextChunk(using iterator: inout HTTPResponseBody.AsyncIterator?) async throws -> Data? {
        while true {
            try Task.checkCancellation()
            if iterator == nil {
                if body == nil { try await reconnect() }
                iterator = body?.makeAsyncIterator()
            }
            do {
                guard var chunk = try await iterator?.next() else {
                    if let totalBytes, delivered < totalBytes {
                        throw HTTPTransportError(kind: .connectionClosed, url: request.url, message: "body ended early")
                    }
                    return nil
                }
                if skip > 0 {
                    let dropped = Int(min(skip, Int64(chunk.count)))
                    skip -= Int64(dropped)
                    chunk = chunk.dropFirst(dropped)
                    if chunk.isEmpty { continue }
                }
                delivered += Int64(chunk.count)
                failures = 0
                return chunk
            } catch let error as HTTPTransportError {
                failures += 1
                guard failures <= client.media.maxConsecutiveFailures else { throw error }
                iterator = nil
                body = nil
                try await pause()
            }
        }
    }

    // MARK: - Connecting

    private mutating func connect() async throws {
        let response = try await client.session.stream(request, idempotent: true)
        guard (200..<300).contains(response.status) else { throw await Self.apiError(response) }
        totalBytes = response.headers["Content-Length"].flatMap { Int64($0) }
        validator = response.headers["ETag"] ?? response.headers["Last-Modified"]
        body = response.body
        skip = 0
    }

    private mutating func reconnect() async throws {
        guard delivered > 0 else {
            try await connect()
            return
        }
        var ranged = request
        ranged.headers["Range"] = "bytes=\(delivered)-"
        if let validator { ranged.headers["If-Range"] = validator }
        let response = try await client.session.stream(ranged, idempotent: true)
        switch response.status {
        case 206:
            guard let range = ContentRange(response.headers["Content-Range"]), range.first == delivered else {
                throw GoogleAPIClientError.mediaTransferFailed(
                    "resumed download answered 206 with Content-Range '\(response.headers["Content-Range"] ?? "none")', expected bytes \(delivered)-")
            }
            if let total = range.total { totalBytes = total }
            body = response.body
            skip = 0
        case 200:
            // The server ignored the range (or the resource changed): read again from byte 0.
            totalBytes = response.headers["Content-Length"].flatMap { Int64($0) }
            validator = response.headers["ETag"] ?? response.headers["Last-Modified"]
            body = response.body
            skip = delivered
        case 416 where totalBytes == delivered:
            body = HTTPResponseBody.empty
        default:
            throw await Self.apiError(response)
        }
    }

    private func pause() async throws {
        let exponent = min(failures - 1, 10)
        let bound = client.media.resumeBackoffBase * (1 << exponent)
        try await client.session.configuration.sleep(.nanoseconds(Int64(Double.random(in: 0...1) * bound.secondsDouble * 1e9)))
    }

    static func apiError(_ response: HTTPStreamingResponse) async -> GoogleAPIError {
        let body = (try? await response.body.collect(upTo: GoogleAPIError.rawBodyLimit)) ?? Data()
        return GoogleAPIError(status: response.status, headers: response.headers, body: body)
    }
}

// MARK: - ContentRange

/// `Content-Range: bytes first-last/total` (total may be `*`).
struct ContentRange {
    var first: Int64
    var last: Int64
    var total: Int64?

    init?(_ header: String?) {
        guard let header, header.hasPrefix("bytes ") else { return nil }
        let spec = header.dropFirst(6)
        let parts = spec.split(separator: "/", maxSplits: 1)
        let bounds = parts.first?.split(separator: "-", maxSplits: 1) ?? []
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]) else { return nil }
        self.first = first
        self.last = last
        self.total = parts.count == 2 ? Int64(parts[1]) : nil
    }
}

extension HTTPResponseBody {
    static var empty: HTTPResponseBody { HTTPResponseBody(nextChunk: { nil }) }
}
