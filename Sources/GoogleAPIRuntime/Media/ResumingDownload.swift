import Foundation
import GoogleHTTP

// MARK: - ResumingDownload

/// The state of a media download that survives dropped connections: after a failure it asks for
/// the rest with `Range: bytes=N-` and `If-Range`, checks the `206`, its `Content-Range` and the
/// validator (ETag, else Last-Modified). When the server answers `200` for the same version it
/// skips the bytes already delivered; when the version changed, bytes of two versions must never
/// be joined: with `restartsOnChange` it starts over from byte 0 (``generation`` tells the
/// consumer to discard what it has), otherwise it throws
/// ``GoogleAPIClientError/Code/resourceChanged``.
struct ResumingDownload: Sendable {
    /// How many times a changing resource is restarted before giving up.
    static let maxRestarts = 3

    let client: GoogleServiceClient
    let request: GoogleHTTPRequest
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
    /// Whether a changed resource restarts the download (consumers that can discard bytes).
    let restartsOnChange: Bool
    /// Increases each time the download starts over from byte 0; bytes delivered before belong
    /// to another version.
    private(set) var generation = 0
    private var integrity: MediaIntegrityVerifier
    /// Bytes were continued from a partial file whose version nothing recorded: until a response
    /// names one, a full answer restarts the same expectations (the caller's metadata describes
    /// the version it asked for), not a new version's.
    private var continuedWithoutValidator = false

    /// The call downloaded: its method ID, middleware and retry policy go with every request.
    let transfer: MediaTransferCall

    init(
        client: GoogleServiceClient, request: GoogleHTTPRequest, transfer: MediaTransferCall = MediaTransferCall(methodID: nil),
        expecting: MediaIntegrity = .none, restartsOnChange: Bool = false
    ) {
        self.client = client
        self.transfer = transfer
        self.request = request
        self.restartsOnChange = restartsOnChange
        integrity = MediaIntegrityVerifier(expecting)
    }

    /// Sends the first request so error statuses surface before any byte is consumed (a
    /// `Range` request after bytes continued from a partial file).
    /// - Throws: ``GoogleAPIError`` for error statuses, transport and session errors.
    mutating func start() async throws {
        if delivered > 0 {
            try await reconnect()
        } else {
            try await connect()
        }
    }

    /// Counts the bytes of `file` (an earlier attempt's partial download) as delivered and hashes
    /// them, so the download continues after them and its final check covers the whole.
    /// - Throws: ``GoogleAPIClientError/Code/fileAccess`` when the file cannot be read.
    mutating func continueAfter(contentsOf file: URL) async throws {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: file)
        } catch {
            throw GoogleAPIClientError.fileAccess(path: file.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        while true {
            try Task.checkCancellation()
            let chunk: Data
            do {
                guard let read = try handle.read(upToCount: 1 << 20), !read.isEmpty else { break }
                chunk = read
            } catch {
                throw GoogleAPIClientError.fileAccess(path: file.path, reason: error.localizedDescription)
            }
            integrity.update(chunk)
            delivered += Int64(chunk.count)
        }
        continuedWithoutValidator = delivered > 0
    }

    /// Drops what has been delivered and starts over from byte 0 with `response` (a full `200`)
    /// or, without one, a new request.
    private mutating func restartFromZero(with response: HTTPStreamingResponse?, reason: String) async throws {
        guard restartsOnChange, generation < Self.maxRestarts else {
            throw GoogleAPIClientError.resourceChanged(reason)
        }
        generation += 1
        delivered = 0
        if let response, response.status == 200 {
            adopt(response)
        } else {
            try await connect()
        }
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
                    try integrity.verify(delivered: delivered)
                    return nil
                }
                if skip > 0 {
                    let dropped = Int(min(skip, Int64(chunk.count)))
                    skip -= Int64(dropped)
                    chunk = chunk.dropFirst(dropped)
                    if chunk.isEmpty { continue }
                }
                if let totalBytes, delivered + Int64(chunk.count) > totalBytes {
                    throw GoogleAPIClientError.mediaTransferFailed(
                        "received more than the \(totalBytes) bytes the server announced")
                }
                delivered += Int64(chunk.count)
                integrity.update(chunk)
                failures = 0
                return chunk
            } catch let error as HTTPTransportError {
                failures += 1
                guard failures <= client.media.maxConsecutiveFailures else { throw error }
                iterator = nil
                body = nil
                try await pause(reason: RetryWait.reason(error))
            }
        }
    }

    // MARK: - Connecting

    private mutating func connect() async throws {
        let response = try await client.streamMedia(request, of: transfer)
        guard (200..<300).contains(response.status) else { throw await Self.apiError(response) }
        adopt(response)
    }

    /// Reads `response` (a full representation) from its first byte.
    private mutating func adopt(_ response: HTTPStreamingResponse) {
        if continuedWithoutValidator {
            continuedWithoutValidator = false
            integrity.restartSameVersion()
        } else if generation > 0 {
            integrity.restart(newVersionHeaders: response.headers)
        }
        totalBytes = Self.contentLength(response.headers)
        validator = Self.validator(response.headers)
        body = response.body
        skip = 0
    }

    private mutating func reconnect() async throws {
        guard delivered > 0 else {
            try await connect()
            return
        }
        client.session.emit(
            GoogleSessionEvent(
                .downloadResumed, context: GoogleRequestContext(methodID: transfer.methodID, idempotent: true),
                attributes: [("download.offset", String(delivered))]))
        var ranged = request
        ranged.headers["Range"] = "bytes=\(delivered)-"
        if let validator { ranged.headers["If-Range"] = validator }
        let response = try await client.streamMedia(ranged, of: transfer)
        switch response.status {
        case 206:
            guard let range = ContentRange(response.headers["Content-Range"]), range.first == delivered else {
                throw GoogleAPIClientError.mediaTransferFailed(
                    "resumed download answered 206 with Content-Range '\(response.headers["Content-Range"] ?? "none")', expected bytes \(delivered)-"
                )
            }
            if let change = change(to: response.headers, total: range.total) {
                try await restartFromZero(with: nil, reason: change)
                return
            }
            if let total = range.total { totalBytes = total }
            if continuedWithoutValidator {
                // The first answer after a partial file: its version is the one to hold on to.
                continuedWithoutValidator = false
                validator = Self.validator(response.headers)
            }
            body = response.body
            skip = 0
        case 200:
            // Without a validator to compare, a full answer cannot be shown to be the same version.
            if let change = change(to: response.headers, total: Self.contentLength(response.headers))
                ?? (validator == nil ? "the server sent the whole resource again and it has no ETag or Last-Modified" : nil)
            {
                try await restartFromZero(with: response, reason: change)
                return
            }
            // The server ignored the range for the same version: skip what was delivered.
            totalBytes = Self.contentLength(response.headers)
            body = response.body
            skip = delivered
        case 416 where totalBytes == delivered:
            body = HTTPResponseBody.empty
        default:
            throw await Self.apiError(response)
        }
    }

    /// Why a resumed response is another version than the bytes delivered so far, or `nil`.
    private func change(to headers: GoogleHTTPHeaders, total: Int64?) -> String? {
        let now = Self.validator(headers)
        if let validator, now != validator {
            return "validator was \(validator), the resumed response has \(now ?? "none")"
        }
        if let totalBytes, let total, total != totalBytes {
            return "size was \(totalBytes) bytes, the resumed response says \(total)"
        }
        return nil
    }

    static func validator(_ headers: GoogleHTTPHeaders) -> String? {
        headers["ETag"] ?? headers["Last-Modified"]
    }

    /// The length of the representation, unless a content coding makes it the encoded length.
    static func contentLength(_ headers: GoogleHTTPHeaders) -> Int64? {
        if let coding = headers["Content-Encoding"], coding.lowercased() != "identity" { return nil }
        return headers.contentLength
    }

    /// Waits before resuming (see ``GoogleServiceClient/pauseBeforeResuming(_:failures:reason:status:retryAfter:transfer:)``).
    private func pause(reason: String) async throws {
        try await client.pauseBeforeResuming(request, failures: failures, reason: reason, transfer: transfer)
    }

    static func apiError(_ response: HTTPStreamingResponse) async -> GoogleAPIError {
        let body = (try? await response.body.prefix(maxBytes: GoogleAPIError.rawBodyLimit)) ?? Data()
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
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, last >= first
        else { return nil }
        let total = parts.count == 2 ? Int64(parts[1]) : nil
        if let total, last >= total { return nil }
        self.first = first
        self.last = last
        self.total = total
    }
}

extension HTTPResponseBody {
    static var empty: HTTPResponseBody { HTTPResponseBody(nextChunk: { nil }) }
}
