import Foundation
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - DriveHandlers

/// Drive v3 metadata endpoints: files.list/get/create/update/delete/copy, emptyTrash, about.get.
struct DriveHandlers: Sendable {
    let context: EmulatorContext
    var store: DriveStore { context.drive }

    func register(in router: inout HTTPRouter) {
        router.get("/drive/v3/files", returning: .drive("FileList")) { request, _ in await list(request) }
        router.post("/drive/v3/files", returning: .drive("File")) { request, _ in await create(request) }
        router.delete("/drive/v3/files/trash") { request, _ in await emptyTrash(request) }
        router.get("/drive/v3/files/{fileId}", returning: .drive("File")) { request, parameters in
            await get(request, fileID: parameters["fileId"] ?? "")
        }
        router.patch("/drive/v3/files/{fileId}", returning: .drive("File")) { request, parameters in
            await update(request, fileID: parameters["fileId"] ?? "")
        }
        router.delete("/drive/v3/files/{fileId}") { request, parameters in
            await delete(request, fileID: parameters["fileId"] ?? "")
        }
        router.post("/drive/v3/files/{fileId}/copy", returning: .drive("File")) { request, parameters in
            await copy(request, fileID: parameters["fileId"] ?? "")
        }
        router.get("/drive/v3/files/{fileId}/export") { request, parameters in
            await DriveMediaHandlers(context: context).export(request, fileID: parameters["fileId"] ?? "")
        }
        router.get("/drive/v3/about", returning: .drive("About")) { request, _ in await about(request) }
        router.get("\(DriveExport.linkPath)/{fileId}") { request, parameters in
            await DriveMediaHandlers(context: context).exportLink(request, fileID: parameters["fileId"] ?? "")
        }
    }

    // MARK: - files.list

    func list(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            var query: DriveQuery?
            if let q = request.queryValue("q"), !q.trimmingCharacters(in: .whitespaces).isEmpty {
                do {
                    query = try DriveQuery.parse(q)
                } catch {
                    return GoogleErrorResponse.make(
                        status: 400, reason: "invalid", message: "Invalid Value", location: "q", locationType: "parameter")
                }
            }
            let pageSize: Int
            switch Self.pageSize(request, default: context.configuration.drivePageSize, maximum: 1000) {
            case .success(let value): pageSize = value
            case .failure(let error): return error.response
            }
            let orderByText = request.queryValue("orderBy") ?? ""
            let orderBy = orderByText.split(separator: ",").compactMap { term -> (key: String, descending: Bool)? in
                let words = term.split(separator: " ").map(String.init)
                guard let key = words.first else { return nil }
                return (key, words.dropFirst().first?.lowercased() == "desc")
            }
            let corpus: (driveID: String?, allDrives: Bool)
            switch listCorpus(request) {
            case .success(let value): corpus = value
            case .failure(let error): return error.response
            }
            let scope = "files|\(request.queryValue("q") ?? "")|\(orderByText)|\(corpus.driveID ?? "")|\(corpus.allDrives)"
            var offset = 0
            if let token = request.queryValue("pageToken"), !token.isEmpty {
                guard let parsed = PageToken.offset(from: token, scope: scope) else {
                    return GoogleErrorResponse.make(
                        status: 400, reason: "invalid", message: "Invalid Value", location: "pageToken", locationType: "parameter")
                }
                offset = parsed
            }
            let files = store.list(query: query, orderBy: orderBy).filter { file in
                if let driveID = corpus.driveID { return file.driveID == driveID }
                return file.driveID == nil || corpus.allDrives
            }
            let page = files.dropFirst(offset).prefix(pageSize)
            let nextOffset = offset + page.count
            let body = JSONValue.compactObject([
                ("kind", .string("drive#fileList")),
                ("nextPageToken", nextOffset < files.count ? .string(PageToken.make(offset: nextOffset, scope: scope)) : nil),
                ("incompleteSearch", .bool(false)),
                ("files", .array(page.map { store.json($0) })),
            ])
            return jsonResponse(body, request: request, defaultFields: Self.fileListDefaultFields)
        }
    }

    // MARK: - files.get

    func get(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let file = visibleFile(fileID, request) else { return Self.fileNotFound(fileID) }
            if request.queryValue("alt") == "media" {
                return DriveMediaHandlers(context: context).download(request, file: file)
            }
            // ETag and If-None-Match (304) as for the metadata of any Google resource.
            return ConditionalGet.apply(
                to: jsonResponse(store.json(file), request: request, defaultFields: Self.fileDefaultFields), for: request)
        }
    }

    // MARK: - files.create (metadata only)

    func create(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard let metadata = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            switch makeFile(metadata: metadata, defaultMimeType: "application/octet-stream", content: nil, request: request) {
            case .success(let file):
                return jsonResponse(store.json(store.insert(file)), request: request, defaultFields: Self.fileDefaultFields)
            case .failure(let error):
                return error.response
            }
        }
    }

    /// Builds a new file from request metadata (shared with uploads).
    func makeFile(
        metadata: JSONValue, defaultMimeType: String, content: StoredContent?, request: HTTPServerRequest
    ) -> Result<DriveFile, MetadataError> {
        let now = Date()
        var file = DriveFile(
            id: store.newFileID(), name: "Untitled", mimeType: defaultMimeType, parents: [store.rootFolderID],
            createdTime: now, modifiedTime: now, sequence: 0)
        if let parents = metadata["parents"] {
            guard let list = parents.arrayValue?.compactMap(\.stringValue), list.count == parents.arrayValue?.count else {
                return .failure(MetadataError(field: "parents"))
            }
            for parent in list where parent != "root" && visibleFile(parent, request)?.isFolder != true {
                return .failure(MetadataError(response: Self.fileNotFound(parent, location: "parents")))
            }
            if !list.isEmpty { file.parents = list.map { $0 == "root" ? store.rootFolderID : $0 } }
            // A file created in a shared drive's folder belongs to that drive.
            file.driveID = list.first.flatMap { store.file($0)?.driveID }
        }
        if let mimeType = metadata["mimeType"] {
            guard let value = mimeType.stringValue else { return .failure(MetadataError(field: "mimeType")) }
            file.mimeType = value
        }
        if let content {
            file.contentURL = content.url
            file.size = content.size
            file.md5Checksum = content.md5
            if file.mimeType.hasPrefix(DriveFile.googleAppsPrefix) && !file.isFolder {
                // Uploading into a Docs type converts: keep the text for export, no binary content.
                file.documentText = (try? String(contentsOf: content.url, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: content.url)
                file.contentURL = nil
                file.size = nil
                file.md5Checksum = nil
            }
        } else if file.mimeType.hasPrefix(DriveFile.googleAppsPrefix) && !file.isFolder {
            file.documentText = ""
        }
        if case .failure(let error) = apply(metadata, to: &file) { return .failure(error) }
        return .success(file)
    }

    // MARK: - files.update

    func update(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard let metadata = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            return applyUpdate(request, fileID: fileID, metadata: metadata, content: nil)
        }
    }

    /// Updates metadata (and content, for uploads) and answers with the file.
    func applyUpdate(_ request: HTTPServerRequest, fileID: String, metadata: JSONValue, content: StoredContent?) -> HTTPServerResponse {
        let id = resolve(fileID)
        guard let existing = visibleFile(fileID, request) else { return Self.fileNotFound(fileID) }
        var candidate = existing
        if case .failure(let error) = apply(metadata, to: &candidate) { return error.response }
        let added = request.queryValue("addParents")?.split(separator: ",").map(String.init) ?? []
        for parent in added where parent != "root" && visibleFile(parent, request)?.isFolder != true {
            return Self.fileNotFound(parent, location: "addParents")
        }
        let removed = Set(
            request.queryValue("removeParents")?.split(separator: ",").map { $0 == "root" ? store.rootFolderID : String($0) } ?? [])
        candidate.parents.removeAll { removed.contains($0) }
        for parent in added.map({ $0 == "root" ? store.rootFolderID : $0 }) where !candidate.parents.contains(parent) {
            candidate.parents.append(parent)
        }
        if let content {
            if let old = existing.contentURL { try? FileManager.default.removeItem(at: old) }
            candidate.contentURL = content.url
            candidate.size = content.size
            candidate.md5Checksum = content.md5
        }
        candidate.modifiedTime = metadata["modifiedTime"].flatMap { $0.stringValue.flatMap(RFC3339.parse) } ?? Date()
        let updated = store.update(id, changed: content == nil ? "properties" : "content") { $0 = candidate }
        guard let updated else { return Self.fileNotFound(fileID) }
        return jsonResponse(store.json(updated), request: request, defaultFields: Self.fileDefaultFields)
    }

    /// Copies writable metadata fields from a request body onto a file.
    func apply(_ metadata: JSONValue, to file: inout DriveFile) -> Result<Void, MetadataError> {
        guard case .object(let members) = metadata else { return .failure(MetadataError(field: "body")) }
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch key {
            case "name":
                guard let name = value.stringValue else { return .failure(MetadataError(field: key)) }
                file.name = name
            case "description":
                // `null` clears the description; anything but a string or null is refused.
                guard value == .null || value.stringValue != nil else { return .failure(MetadataError(field: key)) }
                file.description = value.stringValue
            case "starred":
                guard let flag = value.boolValue else { return .failure(MetadataError(field: key)) }
                file.starred = flag
            case "trashed":
                guard let flag = value.boolValue else { return .failure(MetadataError(field: key)) }
                file.trashed = flag
            case "createdTime", "modifiedTime":
                guard let date = value.stringValue.flatMap(RFC3339.parse) else { return .failure(MetadataError(field: key)) }
                if key == "createdTime" { file.createdTime = date } else { file.modifiedTime = date }
            case "properties", "appProperties":
                guard case .object(let pairs) = value else { return .failure(MetadataError(field: key)) }
                var dictionary = key == "properties" ? file.properties : file.appProperties
                for (name, entry) in pairs.sorted(by: { $0.key < $1.key }) {
                    dictionary[name] = entry.stringValue ?? (entry == .null ? nil : String(decoding: entry.serialized, as: UTF8.self))
                }
                if key == "properties" { file.properties = dictionary } else { file.appProperties = dictionary }
            default:
                // Read-only or unsupported fields (id, kind, size, …) are ignored as Drive does.
                continue
            }
        }
        return .success(())
    }

    // MARK: - files.delete / emptyTrash / copy

    func delete(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard visibleFile(fileID, request) != nil, store.delete(resolve(fileID)) else { return Self.fileNotFound(fileID) }
            return HTTPServerResponse(status: 204)
        }
    }

    func emptyTrash(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            for file in store.list(query: .trashed(true), orderBy: []) { _ = store.delete(file.id) }
            return HTTPServerResponse(status: 204)
        }
    }

    func copy(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard let original = visibleFile(fileID, request) else { return Self.fileNotFound(fileID) }
            guard !original.isFolder else {
                return GoogleErrorResponse.forbidden("cannotCopyFile", "This file cannot be copied by the user.")
            }
            guard let metadata = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            var copy = original
            copy.id = store.newFileID()
            copy.name = "Copy of \(original.name)"
            copy.createdTime = Date()
            copy.modifiedTime = copy.createdTime
            copy.version = 1
            if let url = original.contentURL {
                let target = store.newContentURL()
                do { try FileManager.default.copyItem(at: url, to: target) } catch {
                    return GoogleErrorResponse.make(status: 500, reason: "internalError", message: "Internal Error")
                }
                copy.contentURL = target
            }
            if case .failure(let error) = apply(metadata, to: &copy) { return error.response }
            if let parents = metadata["parents"]?.arrayValue?.compactMap(\.stringValue), !parents.isEmpty {
                copy.parents = parents.map { $0 == "root" ? store.rootFolderID : $0 }
            }
            return jsonResponse(store.json(store.insert(copy)), request: request, defaultFields: Self.fileDefaultFields)
        }
    }

    // MARK: - about.get

    func about(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            // Drive answers about.get only with a `fields` mask: it has no default set.
            guard request.queryValue("fields")?.isEmpty == false else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "required", message: "The 'fields' parameter is required for this method.",
                    location: "fields", locationType: "parameter")
            }
            let usage = store.usedBytes
            let body = JSONValue.members([
                ("kind", .string("drive#about")),
                ("user", store.owner.json),
                (
                    "storageQuota",
                    .members([
                        ("limit", .string(String(store.storageLimit))),
                        ("usage", .string(String(usage.total))),
                        ("usageInDrive", .string(String(usage.total))),
                        ("usageInDriveTrash", .string(String(usage.trash))),
                    ])
                ),
                ("maxUploadSize", .string("5242880000000")),
                ("appInstalled", .bool(false)),
                (
                    "exportFormats",
                    .members(DriveExport.formats.map { ($0.key, .array($0.value.map(JSONValue.string))) }.sorted { $0.0 < $1.0 })
                ),
            ])
            return jsonResponse(body, request: request, defaultFields: nil)
        }
    }

    // MARK: - Helpers

    /// `root` is an alias for the root folder's ID.
    func resolve(_ fileID: String) -> String {
        fileID == "root" ? store.rootFolderID : fileID
    }

    /// The file, unless it is in a shared drive and the request lacks `supportsAllDrives=true`:
    /// Drive then answers "File not found" exactly as for a file that does not exist.
    func visibleFile(_ fileID: String, _ request: HTTPServerRequest) -> DriveFile? {
        guard let file = store.file(resolve(fileID)) else { return nil }
        if file.driveID != nil, !Self.supportsAllDrives(request) { return nil }
        return file
    }

    static func supportsAllDrives(_ request: HTTPServerRequest) -> Bool {
        request.queryValue("supportsAllDrives") == "true" || request.queryValue("supportsTeamDrives") == "true"
    }

    /// files.list's corpus from `corpora`, `driveId` and `includeItemsFromAllDrives`, with the
    /// errors Google gives for combinations it refuses.
    func listCorpus(_ request: HTTPServerRequest) -> Result<(driveID: String?, allDrives: Bool), MetadataError> {
        let corpora = request.queryValue("corpora") ?? "user"
        let driveID = request.queryValue("driveId")
        let includeAll =
            request.queryValue("includeItemsFromAllDrives") == "true"
            || request.queryValue("includeTeamDriveItems") == "true"
        guard (driveID != nil) == (corpora == "drive") else {
            return .failure(
                MetadataError(
                    response: GoogleErrorResponse.make(
                        status: 403, reason: "teamDriveIdRequiresTeamDriveCorpora",
                        message: "The driveId parameter must be specified if and only if corpora is set to drive.")))
        }
        if driveID != nil || corpora.split(separator: ",").contains(where: { $0 == "drive" || $0 == "allDrives" }), !includeAll {
            return .failure(MetadataError(response: Self.includeItemsRequired()))
        }
        if let driveID {
            guard store.sharedDrives.drive(driveID) != nil, Self.supportsAllDrives(request) else {
                return .failure(
                    MetadataError(
                        response: GoogleErrorResponse.make(
                            status: 404, reason: "notFound", message: "Shared drive not found: \(driveID)", location: "driveId",
                            locationType: "parameter")))
            }
        }
        return .success((driveID, includeAll))
    }

    /// The request's `pageSize` (1 to `maximum`), `default` without one, or Google's 400.
    static func pageSize(_ request: HTTPServerRequest, default value: Int, maximum: Int) -> Result<Int, MetadataError> {
        guard let text = request.queryValue("pageSize") else { return .success(value) }
        guard let size = Int(text), (1...maximum).contains(size) else {
            return .failure(
                MetadataError(
                    response: GoogleErrorResponse.make(
                        status: 400, reason: "invalid",
                        message: "Invalid value '\(text)'. Values must be within the range: [1, \(maximum)]",
                        location: "pageSize", locationType: "parameter")))
        }
        return .success(size)
    }

    static func includeItemsRequired() -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 403, reason: "invalid",
            message:
                "The includeItemsFromAllDrives parameter must be set to true when driveId is specified or corpora contains drive or allDrives."
        )
    }

    /// What Drive v3 answers for a file when the request has no `fields`: only these four
    /// (Google's "Return specific fields" guide), so an app that forgets `fields` sees empty sizes
    /// here exactly as it would against Google.
    static let fileDefaultFields = FieldMask(parsing: "kind,id,name,mimeType")!
    /// files.list's default: the list envelope and each file's four default fields.
    static let fileListDefaultFields = FieldMask(parsing: "kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)")!

    /// The body filtered by Drive's default mask (`nil`: the whole body) when the request has no
    /// `fields`; a request's own mask is checked and applied by its route (``ResponseSchema``).
    func jsonResponse(_ body: JSONValue, request: HTTPServerRequest, defaultFields: FieldMask?, status: Int = 200) -> HTTPServerResponse {
        if let text = request.queryValue("fields"), !text.isEmpty { return .json(body.serialized, status: status) }
        return .json((defaultFields?.apply(to: body) ?? body).serialized, status: status)
    }

    static func fileNotFound(_ fileID: String, location: String = "fileId") -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 404, reason: "notFound", message: "File not found: \(fileID).", location: location, locationType: "parameter")
    }
}
