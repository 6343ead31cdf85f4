import Foundation
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - DriveUploadHandlers

/// `/upload/drive/v3/files`: simple (`uploadType=media`), multipart and resumable uploads for
/// files.create (POST) and files.update (PATCH). Bodies arrive streamed, straight to disk.
struct DriveUploadHandlers: Sendable {
    let context: EmulatorContext
    var store: DriveStore { context.drive }
    var metadataHandlers: DriveHandlers { DriveHandlers(context: context) }

    func register(in router: inout HTTPRouter) {
        router.post("/upload/drive/v3/files", returning: .drive("File")) { request, _ in await start(request, targetFileID: nil) }
        router.patch("/upload/drive/v3/files/{fileId}", returning: .drive("File")) { request, parameters in
            await start(request, targetFileID: parameters["fileId"] ?? "")
        }
        router.put("/upload/drive/v3/files", returning: .drive("File")) { request, _ in await resumableChunk(request) }
        router.put("/upload/drive/v3/files/{fileId}", returning: .drive("File")) { request, _ in await resumableChunk(request) }
        router.delete("/upload/drive/v3/files") { request, _ in await cancelSession(request) }
    }

    // MARK: - Dispatch by uploadType

    private func start(_ request: HTTPServerRequest, targetFileID: String?) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            if let target = targetFileID, metadataHandlers.visibleFile(target, request) == nil {
                return DriveHandlers.fileNotFound(target)
            }
            switch request.queryValue("uploadType") {
            case "media":
                return await simpleUpload(request, targetFileID: targetFileID)
            case "multipart", "related":
                return await multipartUpload(request, targetFileID: targetFileID)
            case "resumable":
                if request.queryValue("upload_id") != nil { return await resumableChunk(request) }
                return await startResumable(request, targetFileID: targetFileID)
            default:
                return GoogleErrorResponse.make(
                    status: 400, reason: "badRequest",
                    message: "Upload requests must include an uploadType URL parameter and a URL path beginning with /upload/",
                    location: "uploadType", locationType: "parameter")
            }
        }
    }

    // MARK: - uploadType=media

    private func simpleUpload(_ request: HTTPServerRequest, targetFileID: String?) async -> HTTPServerResponse {
        let writer: ContentWriter
        do {
            writer = try ContentWriter(url: store.newContentURL())
        } catch {
            return Self.internalError()
        }
        var chunks = request.bodyChunks
        do {
            while let piece = try await chunks.next() { try writer.write(piece) }
        } catch {
            try? FileManager.default.removeItem(at: writer.url)
            return GoogleErrorResponse.badRequest("The upload was interrupted.")
        }
        guard let content = try? writer.finish() else { return Self.internalError() }
        let mimeType = request.mediaType ?? "application/octet-stream"
        return finish(request, metadata: .members([]), mimeType: mimeType, content: content, targetFileID: targetFileID)
    }

    // MARK: - uploadType=multipart

    private func multipartUpload(_ request: HTTPServerRequest, targetFileID: String?) async -> HTTPServerResponse {
        guard let boundary = MultipartBody.boundary(fromContentType: request.headers["Content-Type"]) else {
            return GoogleErrorResponse.badRequest("Multipart upload requires a multipart/related body with a boundary.")
        }
        guard let body = await request.collectedBody(maxBytes: context.configuration.maxMultipartUploadBytes) else {
            return GoogleErrorResponse.make(
                status: 413, reason: "uploadTooLarge", message: "Multipart upload too large; use a resumable upload.")
        }
        guard let parts = MultipartBody.parse(body, boundary: boundary), parts.count == 2 else {
            return GoogleErrorResponse.badRequest("Multipart body must have exactly two parts: metadata and media.")
        }
        guard let metadata = parts[0].body.isEmpty ? .members([]) : JSONValue.parse(parts[0].body), metadata.isObject else {
            return GoogleErrorResponse.parseError()
        }
        var media = parts[1].body
        if parts[1].headers["Content-Transfer-Encoding"]?.lowercased() == "base64" {
            let compact = String(decoding: media, as: UTF8.self).filter { !$0.isWhitespace }
            guard let decoded = Data(base64Encoded: compact) else { return GoogleErrorResponse.badRequest("Invalid base64 media part.") }
            media = decoded
        }
        guard let content = try? store.storeContent(media) else { return Self.internalError() }
        let mediaType = parts[1].headers["Content-Type"] ?? "application/octet-stream"
        return finish(request, metadata: metadata, mimeType: mediaType, content: content, targetFileID: targetFileID)
    }

    // MARK: - Completion

    /// Creates or updates the file once all of its content is stored.
    private func finish(
        _ request: HTTPServerRequest, metadata: JSONValue, mimeType: String, content: StoredContent, targetFileID: String?
    ) -> HTTPServerResponse {
        if let targetFileID {
            return metadataHandlers.applyUpdate(request, fileID: targetFileID, metadata: metadata, content: content)
        }
        switch metadataHandlers.makeFile(metadata: metadata, defaultMimeType: mimeType, content: content, request: request) {
        case .success(let file):
            return metadataHandlers.jsonResponse(
                store.json(store.insert(file)), request: request, defaultFields: DriveHandlers.fileDefaultFields)
        case .failure(let error):
            try? FileManager.default.removeItem(at: content.url)
            return error.response
        }
    }

    static func internalError() -> HTTPServerResponse {
        GoogleErrorResponse.make(status: 500, reason: "internalError", message: "Internal Error")
    }

    // MARK: - uploadType=resumable: initiation

    private func startResumable(_ request: HTTPServerRequest, targetFileID: String?) async -> HTTPServerResponse {
        guard let metadata = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
        var declaredTotal: Int64?
        if let text = request.headers["X-Upload-Content-Length"] {
            guard let value = Int64(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
                return GoogleErrorResponse.badRequest("Invalid X-Upload-Content-Length.")
            }
            declaredTotal = value
        }
        let sessionID = "ADPycd" + store.identifiers.next(length: 60)
        let dataURL = store.newContentURL()
        guard FileManager.default.createFile(atPath: dataURL.path, contents: nil) else { return Self.internalError() }
        let contentType = request.headers["X-Upload-Content-Type"] ?? metadata["mimeType"]?.stringValue ?? "application/octet-stream"
        store.addSession(
            ResumableUploadSession(
                id: sessionID, metadata: metadata, contentType: contentType, declaredTotal: declaredTotal,
                targetFileID: targetFileID.map(metadataHandlers.resolve), dataURL: dataURL))
        let path = targetFileID.map { "/upload/drive/v3/files/\($0)" } ?? "/upload/drive/v3/files"
        var response = HTTPServerResponse(status: 200)
        // Like Google, the session URI keeps the initiating request's parameters (`fields` among
        // them, which shapes the final response) and adds the session's id; never a credential.
        let dropped = ["upload_id", "uploadType", "access_token", "key"]
        let kept = (request.query ?? "").split(separator: "&").filter { item in
            !dropped.contains(String(item.prefix { $0 != "=" }))
        }
        let query = (["uploadType=resumable"] + kept.map(String.init) + ["upload_id=\(sessionID)"]).joined(separator: "&")
        response.headers["Location"] = "\(context.baseURL(for: request))\(path)?\(query)"
        response.headers["X-GUploader-UploadID"] = sessionID
        return response
    }

    private func cancelSession(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        guard let id = request.queryValue("upload_id"), let session = store.session(id) else {
            return GoogleErrorResponse.notFound("Upload session not found.")
        }
        store.removeSession(id)
        try? FileManager.default.removeItem(at: session.dataURL)
        return GoogleErrorResponse.make(status: 499, reason: "clientClosedRequest", message: "Upload cancelled.")
    }

    // MARK: - uploadType=resumable: chunks

    private func resumableChunk(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        // The session URI is the credential for chunks, as with Google; no bearer token needed.
        guard let sessionID = request.queryValue("upload_id"), let session = store.session(sessionID) else {
            return GoogleErrorResponse.notFound("Upload session not found or expired.")
        }
        return await ResumableChunkReceiver(context: context, session: session, request: request, handlers: self).receive()
    }

    /// Creates or updates the file from a completed session.
    func completeSession(_ session: ResumableUploadSession, request: HTTPServerRequest) -> HTTPServerResponse {
        let content: StoredContent
        do {
            let size = Int64((try FileManager.default.attributesOfItem(atPath: session.dataURL.path)[.size] as? NSNumber)?.int64Value ?? 0)
            content = StoredContent(url: session.dataURL, size: size, md5: try ContentWriter.md5(of: session.dataURL))
        } catch {
            return Self.internalError()
        }
        let response = finish(
            request, metadata: session.metadata, mimeType: session.contentType, content: content, targetFileID: session.targetFileID)
        if response.status == 200, case .data(let body) = response.body, let id = JSONValue.parse(body)?["id"]?.stringValue {
            session.progress.withLock { $0.completedFileID = id }
        }
        return response
    }
}
