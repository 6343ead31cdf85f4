import Foundation
import GoogleHTTP

// MARK: - MediaTransferCall

/// What every request of a media transfer carries from the call that started it: the Discovery
/// method ID and the call's middleware and retry policy. A transfer is many requests (the
/// initiation, each chunk, each status query, each ranged resume), and each goes through the
/// session's stages as a call of its own with these — so call middleware sees each request once
/// (with its own response, the contract of ``GoogleMiddleware``) and attempt middleware each of
/// its attempts; the waits between them are the session's retry waits
/// (``GoogleServiceClient/pauseBeforeResuming(_:failures:reason:status:retryAfter:transfer:)``).
struct MediaTransferCall: Sendable {
    /// The Discovery method ID (`drive.files.create`), `nil` when not known.
    var methodID: String?
    var callMiddleware: [any GoogleMiddleware] = []
    var attemptMiddleware: [any GoogleMiddleware] = []
    /// The call's retry policy (``APICallOptions/retryPolicy``); `nil` keeps the session's.
    var retryPolicy: RetryPolicy?

    init(methodID: String?) {
        self.methodID = methodID
    }

    init(_ call: APICall) {
        methodID = call.methodID
        callMiddleware = call.options.callMiddleware
        attemptMiddleware = call.options.attemptMiddleware
        retryPolicy = call.options.retryPolicy
    }
}

// MARK: - Sending a transfer's requests

extension GoogleServiceClient {
    /// Sends one request of a resumable upload after its initiation (a chunk or a status query)
    /// through the session's stages, as `transfer`. It is not charged to the quota ledger: the
    /// initiation was, and Google charges an upload once however many requests carry it.
    /// - Parameter retryPolicy: Replaces the transfer's policy (`.disabled` for a chunk, whose
    ///   failures the transfer answers by asking the server what it has).
    func sendUploadRequest(_ request: GoogleHTTPRequest, of transfer: MediaTransferCall, retryPolicy: RetryPolicy? = nil) async throws
        -> GoogleHTTPResponse
    {
        try await session.sendClassified(
            request, idempotent: true, retryPolicy: retryPolicy ?? transfer.retryPolicy, methodID: transfer.methodID,
            chargesQuota: false, callMiddleware: transfer.callMiddleware, attemptMiddleware: transfer.attemptMiddleware
        ).value
    }

    /// Starts one streamed request of a media transfer (a download's connection) as `transfer`.
    func streamMedia(_ request: GoogleHTTPRequest, of transfer: MediaTransferCall, retryPolicy: RetryPolicy? = nil) async throws
        -> HTTPStreamingResponse
    {
        try await session.stream(
            request, idempotent: true, retryPolicy: retryPolicy ?? transfer.retryPolicy, methodID: transfer.methodID,
            callMiddleware: transfer.callMiddleware, attemptMiddleware: transfer.attemptMiddleware)
    }
}
