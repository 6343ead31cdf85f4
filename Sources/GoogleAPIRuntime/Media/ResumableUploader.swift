import Foundation
import GoogleAuth
import GoogleBase
import GoogleHTTP

// MARK: - ResumableUploader

/// Sends a resumable upload's chunks, recovering from dropped connections and server errors by
/// asking the server how much it has (`Content-Range: bytes */total`) and continuing from there.
struct ResumableUploader {
    static let granularity = 256 << 10

    let client: GoogleServiceClient
    let uploadSession: ResumableUploadSession
    let media: MediaUpload
    let chunkSize: Int64
    /// The method ID and middleware every request carries.
    let transfer: MediaTransferCall

    init(
        client: GoogleServiceClient, uploadSession: ResumableUploadSession, media: MediaUpload, chunkSize: Int,
        transfer: MediaTransferCall = MediaTransferCall(methodID: nil)
    ) {
        self.client = client
        self.uploadSession = uploadSession
        self.media = media
        self.transfer = transfer
        self.chunkSize = Int64(max(Self.granularity, chunkSize / Self.granularity * Self.granularity))
    }

    private enum Status {
        case complete(Data)
        case incomplete(offset: Int64)
    }

    /// - Returns: The body of the final (200/201) response.
    func run(startingAt knownOffset: Int64?) async throws -> Data {
        let total = uploadSession.totalBytes
        var offset: Int64
        if let knownOffset {
            offset = knownOffset
        } else {
            switch try await queryStatusRetrying() {
            case .complete(let body):
                try await UploadVerification.check(body, media: media, total: total)
                return body
            case .incomplete(let serverOffset):
                offset = serverOffset
                resumed(at: offset)
            }
        }
        var failures = 0
        var reported = uploadSession.confirmedBytes
        while true {
            try Task.checkCancellation()
            try await checkpoint(offset, reported: &reported)
            let length = min(chunkSize, total - offset)
            var request = GoogleHTTPRequest(method: .put, url: uploadSession.uri)
            request.headers["Content-Range"] = length > 0 ? "bytes \(offset)-\(offset + length - 1)/\(total)" : "bytes */\(total)"
            request.body = length > 0 ? media.body(offset: offset, length: length) : .empty
            if let contentType = uploadSession.contentType { request.headers["Content-Type"] = contentType }
            request.progress = GoogleServiceClient.uploadProgress(media, base: offset, total: total)
            let outcome: Result<GoogleHTTPResponse, HTTPTransportError>
            do {
                outcome = .success(try await client.sendUploadRequest(request, of: transfer, retryPolicy: .disabled))
            } catch let error as HTTPTransportError {
                outcome = .failure(error)
            }
            switch outcome {
            case .success(let response) where response.status == 200 || response.status == 201:
                try await UploadVerification.check(response.body, media: media, total: total)
                media.progress?(MediaProgress(completedBytes: total, totalBytes: total))
                return response.body
            case .success(let response) where response.status == 308:
                let next = try Self.nextOffset(from: response.headers, total: total)
                if next > offset {
                    failures = 0
                    client.session.emit(
                        GoogleSessionEvent(
                            .uploadChunkSent, context: eventContext,
                            attributes: [("upload.offset", String(next)), ("upload.totalBytes", String(total))]))
                } else {
                    failures += 1
                }
                offset = next
                media.progress?(MediaProgress(completedBytes: offset, totalBytes: total))
                if failures > 0 { try await pause(failures, reason: "the server confirmed no new bytes") }
                continue
            case .success(let response) where response.status == 404 || response.status == 410:
                throw Self.sessionExpired(response.status)
            case .success(let response) where Self.isRetryableStatus(response.status):
                failures += 1
                try await pause(
                    failures, reason: RetryWait.reason(status: response.status, googleReasons: []), status: response.status,
                    retryAfter: RetryAfter.delay(from: response.headers))
            case .success(let response):
                throw GoogleAPIError(status: response.status, headers: response.headers, body: response.body)
            case .failure(let error):
                failures += 1
                guard failures <= client.media.maxConsecutiveFailures else { throw error }
                try await pause(failures, reason: RetryWait.reason(error))
            }
            guard failures <= client.media.maxConsecutiveFailures else {
                throw GoogleAPIClientError.mediaTransferFailed("upload made no progress after \(failures) attempts")
            }
            switch try await queryStatusRetrying() {
            case .complete(let body):
                try await UploadVerification.check(body, media: media, total: total)
                media.progress?(MediaProgress(completedBytes: total, totalBytes: total))
                return body
            case .incomplete(let serverOffset):
                offset = serverOffset
                resumed(at: offset)
            }
        }
    }

    /// Tells the session's observers the upload continues from `offset`.
    private func resumed(at offset: Int64) {
        client.session.emit(
            GoogleSessionEvent(
                .uploadResumed, context: eventContext,
                attributes: [("upload.offset", String(offset)), ("upload.totalBytes", String(uploadSession.totalBytes))]))
    }

    // MARK: - Status

    /// Asks the server how many bytes it has, retrying dropped connections.
    private func queryStatusRetrying() async throws -> Status {
        var failures = 0
        while true {
            do {
                return try await queryStatus()
            } catch let error as HTTPTransportError {
                failures += 1
                guard failures <= client.media.maxConsecutiveFailures else { throw error }
                try await pause(failures, reason: RetryWait.reason(error))
            }
        }
    }

    private func queryStatus() async throws -> Status {
        var request = GoogleHTTPRequest(method: .put, url: uploadSession.uri)
        request.headers["Content-Range"] = "bytes */\(uploadSession.totalBytes)"
        let response = try await client.sendUploadRequest(request, of: transfer)
        switch response.status {
        case 200, 201: return .complete(response.body)
        case 308: return .incomplete(offset: try Self.nextOffset(from: response.headers, total: uploadSession.totalBytes))
        case 404, 410:
            throw Self.sessionExpired(response.status)
        default:
            throw GoogleAPIError(status: response.status, headers: response.headers, body: response.body)
        }
    }

    /// The server no longer knows the session URI.
    static func sessionExpired(_ status: Int) -> GoogleAPIClientError {
        GoogleAPIClientError(code: .uploadSessionExpired, reason: "the server answered HTTP \(status) for the session")
    }

    /// `Range: bytes=0-N` means the server has N+1 bytes; no `Range` means none.
    /// - Throws: ``GoogleAPIClientError/Code/invalidResponse`` when the server claims more bytes
    ///   than the upload has (including an `N` so large that `N + 1` overflows).
    static func nextOffset(from headers: GoogleHTTPHeaders, total: Int64) throws(GoogleAPIClientError) -> Int64 {
        guard let range = headers["Range"], let dash = range.lastIndex(of: "-"),
            let last = Int64(range[range.index(after: dash)...].trimmingCharacters(in: .whitespaces))
        else { return 0 }
        guard last >= 0, let next = ClampedNumber.successor(last), next <= total else {
            throw .invalidResponse("the server reports Range '\(range)' for an upload of \(total) bytes")
        }
        return next
    }

    static func isRetryableStatus(_ status: Int) -> Bool {
        [408, 429, 500, 502, 503, 504].contains(status)
    }

    /// The upload's call, for the events it reports.
    private var eventContext: GoogleRequestContext {
        GoogleRequestContext(methodID: transfer.methodID, idempotent: true)
    }

    /// Waits before the next attempt (see ``GoogleServiceClient/pauseBeforeResuming(_:failures:reason:status:retryAfter:transfer:)``).
    private func pause(_ failures: Int, reason: String, status: Int? = nil, retryAfter: Duration? = nil) async throws {
        try await client.pauseBeforeResuming(
            GoogleHTTPRequest(method: .put, url: uploadSession.uri), failures: failures, reason: reason, status: status,
            retryAfter: retryAfter, transfer: transfer)
    }
}
