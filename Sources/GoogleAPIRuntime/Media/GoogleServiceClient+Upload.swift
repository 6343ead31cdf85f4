import Foundation
import GoogleAuth
import GoogleBase
import GoogleHTTP

// MARK: - Media upload

extension GoogleServiceClient {
    /// Uploads `media` with `call` (whose body, if any, is the metadata) and decodes the response.
    /// - Parameters:
    ///   - call: The method call; needs a `mediaUploadPath`.
    ///   - media: The bytes, their type, the strategy and a progress callback.
    ///   - type: The response type.
    /// - Throws: ``GoogleAPIError``, ``GoogleAPIClientError``, `GoogleAuth/OAuthError` or
    ///   `GoogleHTTPTypes/HTTPTransportError`.
    public func upload<Response: Decodable & Sendable>(
        _ call: APICall, media: MediaUpload, as type: Response.Type
    ) async throws -> Response {
        let body = try await uploadResponse(call, media: media)
        return try decoder.decodeResponse(Response.self, from: body)
    }

    /// Like ``upload(_:media:as:)`` for methods whose response is ignored.
    /// - Throws: Like ``upload(_:media:as:)``.
    public func upload(_ call: APICall, media: MediaUpload) async throws {
        _ = try await uploadResponse(call, media: media)
    }

    /// The strategy `.automatic` resolves to for this call and media.
    func resolvedStrategy(_ call: APICall, media: MediaUpload, size: Int64) -> MediaUpload.Strategy {
        guard case .automatic = media.strategy else { return media.strategy }
        if size >= self.media.resumableThreshold { return .resumable(chunkSize: self.media.chunkSize) }
        return call.body == nil ? .simple : .multipart
    }

    private func uploadResponse(_ call: APICall, media: MediaUpload) async throws -> Data {
        try await checkScopes(call)
        if let saved = media.resumableSession {
            do {
                try media.requireSameSource(as: saved)
                return try await continueUpload(
                    saved, media: media, chunkSize: resumableChunkSize(media), knownOffset: nil, transfer: MediaTransferCall(call))
            } catch let error as GoogleAPIClientError
                where media.restartsStaleSession && [.uploadSessionExpired, .uploadSourceChanged].contains(error.code)
            {
                // The session is of no use any more: a new one, from byte 0, replaces it.
                try await media.sessionWillRestart?(error)
                var fresh = media
                fresh.resumableSession = nil
                let uploadSession = try await startResumableUpload(call, media: fresh)
                try await media.sessionDidChange?(uploadSession)
                return try await continueUpload(
                    uploadSession, media: fresh, chunkSize: resumableChunkSize(media), knownOffset: 0, transfer: MediaTransferCall(call))
            }
        }
        let size = try media.byteCount()
        switch resolvedStrategy(call, media: media, size: size) {
        case .automatic, .simple:
            var request = try makeRequest(call, base: .upload, extraQuery: [("uploadType", "media")])
            request.body = media.body()
            request.headers["Content-Type"] = media.contentType
            request.progress = Self.uploadProgress(media, base: 0, total: size)
            let response = try await session.send(
                request, idempotent: call.idempotent, retryPolicy: call.options.retryPolicy, methodID: call.methodID,
                callMiddleware: call.options.callMiddleware, attemptMiddleware: call.options.attemptMiddleware)
            try requireSuccess(response)
            try await UploadVerification.check(response.body, media: media, total: size)
            media.progress?(MediaProgress(completedBytes: size, totalBytes: size))
            return response.body
        case .multipart:
            return try await uploadMultipart(call, media: media, size: size)
        case .resumable(let chunkSize):
            let uploadSession = try await startResumableUpload(call, media: media)
            try await media.sessionDidChange?(uploadSession)
            return try await continueUpload(
                uploadSession, media: media, chunkSize: chunkSize, knownOffset: 0, transfer: MediaTransferCall(call))
        }
    }

    private func uploadMultipart(_ call: APICall, media: MediaUpload, size: Int64) async throws -> Data {
        let metadata = try call.body.map { body throws(GoogleAPIClientError) in try encodeBody(body) }
        let multipart: MultipartRelatedBody
        if case .file = media.source {
            // Choosing the boundary reads the whole file: keep that off the cooperative threads.
            multipart = try await DedicatedThread.run("multipart boundary") {
                try MultipartRelatedBody(metadata: metadata, media: media)
            }
        } else {
            multipart = try MultipartRelatedBody(metadata: metadata, media: media)
        }
        var request = try makeRequest(call, base: .upload, extraQuery: [("uploadType", "multipart")])
        request.headers["Content-Type"] = multipart.contentType
        request.progress = Self.uploadProgress(media, base: 0, total: size)
        var response: GoogleHTTPResponse?
        // A streamed body cannot be replayed by the session, so a 401 is answered here, once,
        // with a fresh stream (the session has refreshed the token by then).
        for attempt in 1...2 {
            request.body = multipart.makeBody()
            do {
                response = try await session.send(
                    request, idempotent: call.idempotent, retryPolicy: call.options.retryPolicy, methodID: call.methodID,
                    callMiddleware: call.options.callMiddleware, attemptMiddleware: call.options.attemptMiddleware)
                break
            } catch OAuthError.Code.unauthorizedBodyNotReplayable where attempt == 1 {
                continue
            }
        }
        guard let response else { throw GoogleAPIClientError.mediaTransferFailed("multipart upload was not accepted") }
        try requireSuccess(response)
        try await UploadVerification.check(response.body, media: media, total: size)
        media.progress?(MediaProgress(completedBytes: size, totalBytes: size))
        return response.body
    }

    static func uploadProgress(_ media: MediaUpload, base: Int64, total: Int64) -> (@Sendable (HTTPProgress) -> Void)? {
        guard let callback = media.progress else { return nil }
        return { progress in
            callback(MediaProgress(completedBytes: min(total, base + progress.bytesSent), totalBytes: total))
        }
    }

    // MARK: - Resumable

    /// Starts a resumable upload: sends the metadata and gets the session URI.
    /// - Parameters:
    ///   - call: The method call (its body is the metadata).
    ///   - media: The media (its size and type are announced).
    /// - Returns: The session, which can be persisted and resumed later.
    /// - Throws: ``GoogleAPIError``, ``GoogleAPIClientError`` (no `Location` header).
    public func startResumableUpload(_ call: APICall, media: MediaUpload) async throws -> ResumableUploadSession {
        try await checkScopes(call)
        // One look at the file gives both the announced size and the identity a resume checks.
        let file = try media.fileIdentity()
        let size = if let file { file.byteCount } else { try media.byteCount() }
        var request = try makeRequest(call, base: .upload, extraQuery: [("uploadType", "resumable")])
        request.headers["X-Upload-Content-Type"] = media.contentType
        request.headers["X-Upload-Content-Length"] = String(size)
        if call.body == nil { request.headers["Content-Length"] = nil }
        // Starting a session has no side effect beyond the session itself, so it may be retried.
        let response = try await session.send(
            request, idempotent: true, retryPolicy: call.options.retryPolicy, methodID: call.methodID,
            callMiddleware: call.options.callMiddleware, attemptMiddleware: call.options.attemptMiddleware)
        try requireSuccess(response)
        guard let location = response.headers["Location"], let uri = URL(string: location, relativeTo: request.url)?.absoluteURL
        else {
            throw GoogleAPIClientError.invalidResponse("resumable upload start returned no Location header")
        }
        // A session URI on another origin would receive the token with every chunk: refuse it now.
        try session.requireTokenDestination(uri)
        return ResumableUploadSession(uri: uri, totalBytes: size, contentType: media.contentType, file: file)
    }

    /// Continues a resumable upload (e.g. in a new process): asks the server for its offset,
    /// then sends the rest.
    /// - Parameters:
    ///   - uploadSession: The session from ``startResumableUpload(_:media:)``.
    ///   - media: The same media.
    ///   - type: The response type.
    /// - Throws: ``GoogleAPIError``, ``GoogleAPIClientError`` (``GoogleAPIClientError/Code/uploadSourceChanged``
    ///   when `media` is not what the session was started with) or transport errors.
    public func resumeUpload<Response: Decodable & Sendable>(
        _ uploadSession: ResumableUploadSession, media: MediaUpload, as type: Response.Type
    ) async throws -> Response {
        try media.requireSameSource(as: uploadSession)
        // Without the call, no method ID is known: the requests still go through the middleware.
        let body = try await continueUpload(
            uploadSession, media: media, chunkSize: resumableChunkSize(media), knownOffset: nil,
            transfer: MediaTransferCall(methodID: nil))
        return try decoder.decodeResponse(Response.self, from: body)
    }

    /// The media's resumable chunk size, or the client's default.
    private func resumableChunkSize(_ media: MediaUpload) -> Int {
        if case .resumable(let size) = media.strategy { size } else { self.media.chunkSize }
    }

    /// Uploads from `knownOffset` (or the server's offset when `nil`) to the end, each request
    /// carrying `transfer`'s method ID and middleware.
    func continueUpload(
        _ uploadSession: ResumableUploadSession, media: MediaUpload, chunkSize requested: Int, knownOffset: Int64?,
        transfer: MediaTransferCall
    ) async throws -> Data {
        let uploader = ResumableUploader(
            client: self, uploadSession: uploadSession, media: media, chunkSize: requested, transfer: transfer)
        return try await uploader.run(startingAt: knownOffset)
    }
}
