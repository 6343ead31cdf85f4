import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - DriveChangeHandlers

/// changes.getStartPageToken, changes.list, changes.watch, files.watch and channels.stop.
struct DriveChangeHandlers: Sendable {
    let context: EmulatorContext
    var store: DriveStore { context.drive }
    var files: DriveHandlers { DriveHandlers(context: context) }

    /// Longest channel lifetimes Google grants: a week for changes, a day for a file.
    static let maxChangesChannelLifetime: TimeInterval = 604_800
    static let maxFileChannelLifetime: TimeInterval = 86_400
    /// What a channel gets without an `expiration`.
    static let defaultChannelLifetime: TimeInterval = 3_600

    func register(in router: inout HTTPRouter) {
        router.get("/drive/v3/changes/startPageToken", returning: .drive("StartPageToken")) { request, _ in await startPageToken(request) }
        router.get("/drive/v3/changes", returning: .drive("ChangeList")) { request, _ in await list(request) }
        router.post("/drive/v3/changes/watch", returning: .drive("Channel")) { request, _ in await watchChanges(request) }
        router.post("/drive/v3/files/{fileId}/watch", returning: .drive("Channel")) { request, parameters in
            await watchFile(request, fileID: parameters["fileId"] ?? "")
        }
        router.post("/drive/v3/channels/stop") { request, _ in await stop(request) }
    }

    // MARK: - changes.getStartPageToken

    func startPageToken(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            if let failure = checkDrive(request) { return failure }
            let body = JSONValue.members([
                ("kind", .string("drive#startPageToken")),
                ("startPageToken", .string(String(store.changeLog.startToken))),
            ])
            return files.jsonResponse(body, request: request, defaultFields: nil)
        }
    }

    // MARK: - changes.list

    func list(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let tokenText = request.queryValue("pageToken"), !tokenText.isEmpty else {
                return GoogleErrorResponse.required("pageToken")
            }
            if let failure = checkDrive(request) { return failure }
            let pageSize: Int
            switch DriveHandlers.pageSize(request, default: 100, maximum: 1000) {
            case .success(let value): pageSize = value
            case .failure(let error): return error.response
            }
            let driveID = request.queryValue("driveId")
            let allDrives = request.queryValue("includeItemsFromAllDrives") == "true"
            let includeRemoved = request.queryValue("includeRemoved") != "false"
            guard let token = Int(tokenText),
                let page = store.changeLog.page(
                    from: token, limit: pageSize,
                    where: { entry in
                        if let driveID {
                            guard entry.driveID == driveID else { return false }
                        } else if entry.driveID != nil, !allDrives {
                            return false
                        }
                        return includeRemoved || !entry.removed
                    })
            else {
                // What Google answers for a token it no longer knows: the remedy is a full resync.
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalid", message: "Invalid Value", location: "pageToken", locationType: "parameter")
            }
            let changes = page.entries.map { item -> JSONValue in
                let file = item.entry.removed ? nil : store.file(item.entry.fileID)
                return JSONValue.compactObject([
                    ("kind", .string("drive#change")),
                    ("changeType", .string("file")),
                    ("time", .string(RFC3339.format(item.entry.time))),
                    // A file deleted since is reported removed, as its latest state.
                    ("removed", .bool(file == nil)),
                    ("fileId", .string(item.entry.fileID)),
                    ("file", file.map(store.json)),
                    ("driveId", item.entry.driveID.map(JSONValue.string)),
                ])
            }
            let body = JSONValue.compactObject([
                ("kind", .string("drive#changeList")),
                ("nextPageToken", page.atEnd ? nil : .string(String(page.next))),
                ("newStartPageToken", page.atEnd ? .string(String(page.next)) : nil),
                ("changes", .array(changes)),
            ])
            return files.jsonResponse(body, request: request, defaultFields: Self.changeListDefaultFields)
        }
    }

    /// changes.list without `fields`: the envelope, each change, and each file's default fields.
    static let changeListDefaultFields = FieldMask(
        parsing:
            "kind,nextPageToken,newStartPageToken,changes(kind,changeType,time,removed,fileId,driveId,file(kind,id,name,mimeType,driveId))")!

    /// A `driveId` must name a shared drive and come with `supportsAllDrives=true` (and, for
    /// listing, `includeItemsFromAllDrives=true`), as at Google.
    private func checkDrive(_ request: HTTPServerRequest) -> HTTPServerResponse? {
        guard let driveID = request.queryValue("driveId") else { return nil }
        guard request.queryValue("supportsAllDrives") == "true" || request.queryValue("supportsTeamDrives") == "true",
            store.sharedDrives.drive(driveID) != nil
        else {
            return GoogleErrorResponse.make(
                status: 404, reason: "notFound", message: "Shared drive not found: \(driveID)", location: "driveId",
                locationType: "parameter")
        }
        if request.path.hasSuffix("/changes") || request.path.hasSuffix("/watch"),
            request.queryValue("includeItemsFromAllDrives") != "true"
        {
            return DriveHandlers.includeItemsRequired()
        }
        return nil
    }

    // MARK: - Watching

    func watchChanges(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let token = request.queryValue("pageToken"), !token.isEmpty else { return GoogleErrorResponse.required("pageToken") }
            if let failure = checkDrive(request) { return failure }
            let base = context.baseURL(for: request)
            var uri = "\(base)/drive/v3/changes?alt=json&pageToken=\(token)"
            if let driveID = request.queryValue("driveId") { uri += "&driveId=\(driveID)" }
            return await open(
                request, resource: .changes(driveID: request.queryValue("driveId")), resourceURI: uri,
                maxLifetime: Self.maxChangesChannelLifetime)
        }
    }

    func watchFile(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let file = files.visibleFile(fileID, request) else { return DriveHandlers.fileNotFound(fileID) }
            let uri = "\(context.baseURL(for: request))/drive/v3/files/\(file.id)?alt=json"
            return await open(request, resource: .file(id: file.id), resourceURI: uri, maxLifetime: Self.maxFileChannelLifetime)
        }
    }

    private func open(
        _ request: HTTPServerRequest, resource: DriveChannels.Resource, resourceURI: String, maxLifetime: TimeInterval
    ) async -> HTTPServerResponse {
        guard let body = await request.jsonBody(), case .object = body else { return GoogleErrorResponse.parseError() }
        guard let id = body["id"]?.stringValue, !id.isEmpty else {
            return GoogleErrorResponse.make(status: 400, reason: "required", message: "Required", location: "id", locationType: "parameter")
        }
        guard let type = body["type"]?.stringValue, ["web_hook", "webhook"].contains(type.lowercased()) else {
            return GoogleErrorResponse.badRequest("Invalid channel type.", reason: "push.invalidChannelType")
        }
        let addressText = body["address"]?.stringValue ?? ""
        guard let address = NotificationPoster.Address(addressText) else {
            // The emulator only calls back into this machine.
            return GoogleErrorResponse.badRequest(
                "Unauthorized WebHook callback channel: \(addressText)", reason: "push.webhookUrlUnauthorized")
        }
        let now = Date()
        var lifetime = Self.defaultChannelLifetime
        if let expiration = body["expiration"] {
            guard let millis = expiration.stringValue.flatMap(Int64.init) ?? expiration.int64Value else {
                return GoogleErrorResponse.badRequest("Invalid expiration.", reason: "invalid", location: "expiration")
            }
            let requested = Date(timeIntervalSince1970: Double(millis) / 1000).timeIntervalSince(now)
            guard requested > 0 else {
                return GoogleErrorResponse.badRequest("Channel expiration is in the past.", reason: "invalid", location: "expiration")
            }
            lifetime = min(requested, maxLifetime)
        }
        let channel = DriveChannels.Channel(
            id: id, resourceID: store.identifiers.next(length: 27), resourceURI: resourceURI,
            token: body["token"]?.stringValue, address: address, expiration: now.addingTimeInterval(lifetime),
            resource: resource, queue: DispatchQueue(label: "emulator.drive.channel"))
        guard case .success = store.channels.open(channel) else {
            return GoogleErrorResponse.badRequest("Channel id \(id) not unique", reason: "channelIdNotUnique")
        }
        let expirationMillis = Int64((channel.expiration.timeIntervalSince1970 * 1000).rounded(.down))
        let json = JSONValue.compactObject([
            ("kind", .string("api#channel")),
            ("id", .string(id)),
            ("resourceId", .string(channel.resourceID)),
            ("resourceUri", .string(resourceURI)),
            ("token", channel.token.map(JSONValue.string)),
            ("expiration", .string(String(expirationMillis))),
        ])
        return files.jsonResponse(json, request: request, defaultFields: nil)
    }

    // MARK: - channels.stop

    func stop(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let body = await request.jsonBody(), let id = body["id"]?.stringValue else { return GoogleErrorResponse.parseError() }
            guard store.channels.stop(id: id, resourceID: body["resourceId"]?.stringValue) else {
                return GoogleErrorResponse.notFound("Channel '\(id)' not found for project 'emulator'")
            }
            return HTTPServerResponse(status: 204)
        }
    }
}
