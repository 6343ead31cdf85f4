import Foundation
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - LiveBroadcastHandlers

/// liveBroadcasts.list/insert/update/delete/transition/bind.
struct LiveBroadcastHandlers: Sendable {
    let context: EmulatorContext
    var store: YouTubeStore { context.youtube }
    static let parts: Set<String> = ["id", "snippet", "status", "contentDetails", "statistics", "monetizationDetails"]

    func register(in router: inout HTTPRouter) {
        router.get("/youtube/v3/liveBroadcasts", returning: .youTube("LiveBroadcastListResponse")) { request, _ in await list(request) }
        router.post("/youtube/v3/liveBroadcasts", returning: .youTube("LiveBroadcast")) { request, _ in await insert(request) }
        router.put("/youtube/v3/liveBroadcasts", returning: .youTube("LiveBroadcast")) { request, _ in await update(request) }
        router.delete("/youtube/v3/liveBroadcasts") { request, _ in await delete(request) }
        router.post("/youtube/v3/liveBroadcasts/transition", returning: .youTube("LiveBroadcast")) { request, _ in await transition(request)
        }
        router.post("/youtube/v3/liveBroadcasts/bind", returning: .youTube("LiveBroadcast")) { request, _ in await bind(request) }
    }

    // MARK: - list

    func list(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeRead) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            let ids = YouTubeResponses.idFilter(request)
            let status = request.queryValue("broadcastStatus")
            let mine = request.queryValue("mine") == "true"
            if ids != nil && (status != nil || mine) {
                return GoogleErrorResponse.make(
                    status: 400, reason: "incompatibleParameters",
                    message: "Incompatible parameters specified in the request: id, broadcastStatus/mine", domain: "youtube.parameter")
            }
            guard ids != nil || status != nil || mine else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "missingRequiredParameter",
                    message: "No filter selected. Expected one of: mine, broadcastStatus, id", domain: "youtube.parameter")
            }
            if let status, !["active", "all", "completed", "upcoming"].contains(status) {
                return YouTubeResponses.invalidValue("broadcastStatus", "Invalid value '\(status)' for broadcastStatus")
            }
            let maxResults: Int
            switch YouTubeResponses.maxResults(request, default: context.configuration.youTubeMaxResults, range: 0...50) {
            case .success(let value): maxResults = value
            case .failure(let error): return error.response
            }
            let scope = "broadcasts|\(ids?.joined(separator: ",") ?? "")|\(status ?? "")|\(mine)"
            let offset: Int
            switch YouTubeResponses.offset(request, scope: scope) {
            case .success(let value): offset = value
            case .failure(let error): return error.response
            }
            var broadcasts = store.allBroadcasts
            if let ids { broadcasts = ids.compactMap { id in broadcasts.first { $0.id == id } } }
            if let status, status != "all" { broadcasts = broadcasts.filter { $0.statusBucket == status } }
            return YouTubeResponses.pagedList(
                kind: "youtube#liveBroadcastListResponse", all: broadcasts, offset: offset, maxResults: maxResults,
                scope: scope
            ) { $0.json(parts: parts, channelID: store.channelID) }
        }
    }

    // MARK: - insert / update

    func insert(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let body = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            // YouTube's reasons: `…Required` when a member is missing, `invalid…` when it is wrong.
            guard let title = body["snippet"]?["title"]?.stringValue, !title.isEmpty else {
                return YouTubeResponses.required("titleRequired", "snippet.title", domain: "youtube.liveBroadcast")
            }
            guard let startText = body["snippet"]?["scheduledStartTime"]?.stringValue else {
                return YouTubeResponses.required(
                    "scheduledStartTimeRequired", "snippet.scheduledStartTime", domain: "youtube.liveBroadcast")
            }
            guard let start = RFC3339.parse(startText) else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalidScheduledStartTime", message: "Invalid scheduled start time.",
                    domain: "youtube.liveBroadcast")
            }
            guard let privacy = body["status"]?["privacyStatus"]?.stringValue else {
                return YouTubeResponses.required("privacyStatusRequired", "status.privacyStatus", domain: "youtube.liveBroadcast")
            }
            guard ["public", "private", "unlisted"].contains(privacy) else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalidPrivacyStatus", message: "Privacy status must be public, private or unlisted.",
                    domain: "youtube.liveBroadcast")
            }
            var broadcast = LiveBroadcast(
                id: store.newID(), title: title, description: body["snippet"]?["description"]?.stringValue ?? "",
                publishedAt: Date(), scheduledStartTime: start,
                scheduledEndTime: body["snippet"]?["scheduledEndTime"]?.stringValue.flatMap(RFC3339.parse),
                privacyStatus: privacy, lifeCycleStatus: .created, liveChatID: "Cg0KC" + store.newID(length: 20))
            Self.applyContentDetails(body["contentDetails"], to: &broadcast)
            broadcast.madeForKids = body["status"]?["selfDeclaredMadeForKids"]?.boolValue ?? false
            let stored = store.insertBroadcast(broadcast)
            return YouTubeResponses.resource(stored.json(parts: parts, channelID: store.channelID))
        }
    }

    func update(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let body = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            guard let id = body["id"]?.stringValue else { return YouTubeResponses.invalidValue("id", "The broadcast id is required.") }
            let updated = store.updateBroadcast(id) { broadcast, _ in
                if let snippet = body["snippet"] {
                    if let title = snippet["title"]?.stringValue { broadcast.title = title }
                    // An explicit null clears a member: YouTube's empty description, no end time.
                    if snippet["description"] == JSONValue.null {
                        broadcast.description = ""
                    } else if let description = snippet["description"]?.stringValue {
                        broadcast.description = description
                    }
                    if let start = snippet["scheduledStartTime"]?.stringValue.flatMap(RFC3339.parse) {
                        broadcast.scheduledStartTime = start
                    }
                    if snippet["scheduledEndTime"] == JSONValue.null {
                        broadcast.scheduledEndTime = nil
                    } else if let end = snippet["scheduledEndTime"]?.stringValue.flatMap(RFC3339.parse) {
                        broadcast.scheduledEndTime = end
                    }
                }
                if let privacy = body["status"]?["privacyStatus"]?.stringValue { broadcast.privacyStatus = privacy }
                Self.applyContentDetails(body["contentDetails"], to: &broadcast)
            }
            guard let updated else { return YouTubeResponses.broadcastNotFound() }
            return YouTubeResponses.resource(updated.json(parts: parts, channelID: store.channelID))
        }
    }

    static func applyContentDetails(_ details: JSONValue?, to broadcast: inout LiveBroadcast) {
        guard let details else { return }
        if let monitor = details["monitorStream"] {
            if let enabled = monitor["enableMonitorStream"]?.boolValue { broadcast.enableMonitorStream = enabled }
            if let delay = monitor["broadcastStreamDelayMs"]?.int64Value { broadcast.broadcastStreamDelayMs = delay }
        }
        if let value = details["enableEmbed"]?.boolValue { broadcast.enableEmbed = value }
        if let value = details["enableDvr"]?.boolValue { broadcast.enableDvr = value }
        if let value = details["recordFromStart"]?.boolValue { broadcast.recordFromStart = value }
        if let value = details["enableClosedCaptions"]?.boolValue { broadcast.enableClosedCaptions = value }
        if let value = details["latencyPreference"]?.stringValue { broadcast.latencyPreference = value }
        if let value = details["enableAutoStart"]?.boolValue { broadcast.enableAutoStart = value }
        if let value = details["enableAutoStop"]?.boolValue { broadcast.enableAutoStop = value }
    }

    // MARK: - delete

    func delete(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            guard let id = request.queryValue("id") else { return GoogleErrorResponse.required("id") }
            guard store.deleteBroadcast(id) else { return YouTubeResponses.broadcastNotFound() }
            return HTTPServerResponse(status: 204)
        }
    }

    // MARK: - transition

    func transition(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let id = request.queryValue("id") else { return GoogleErrorResponse.required("id") }
            guard let statusText = request.queryValue("broadcastStatus") else { return GoogleErrorResponse.required("broadcastStatus") }
            guard let target = LiveBroadcast.LifeCycleStatus(rawValue: statusText), [.testing, .live, .complete].contains(target) else {
                return YouTubeResponses.invalidValue("broadcastStatus", "Invalid value '\(statusText)' for broadcastStatus")
            }
            var failure: HTTPServerResponse?
            let updated = store.updateBroadcast(id) { broadcast, state in
                failure = BroadcastLifeCycle.transition(
                    &broadcast, to: target, streams: state.streams, chats: &state.chats, duration: store.transitionDuration, now: Date())
            }
            guard let updated else { return YouTubeResponses.broadcastNotFound() }
            if let failure { return failure }
            return YouTubeResponses.resource(updated.json(parts: parts, channelID: store.channelID))
        }
    }

    // MARK: - bind

    func bind(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let id = request.queryValue("id") else { return GoogleErrorResponse.required("id") }
            let streamID = request.queryValue("streamId")
            if let streamID, store.stream(streamID) == nil { return YouTubeResponses.streamNotFound() }
            var failure: HTTPServerResponse?
            let updated = store.updateBroadcast(id) { broadcast, _ in
                guard broadcast.lifeCycleStatus == .created || broadcast.lifeCycleStatus == .ready else {
                    failure = GoogleErrorResponse.forbidden(
                        "invalidTransition", "The broadcast cannot be bound or unbound in its current status.",
                        domain: "youtube.liveBroadcast")
                    return
                }
                broadcast.boundStreamID = streamID
                broadcast.boundStreamUpdatedAt = Date()
                broadcast.lifeCycleStatus = streamID == nil ? .created : .ready
            }
            guard let updated else { return YouTubeResponses.broadcastNotFound() }
            if let failure { return failure }
            return YouTubeResponses.resource(updated.json(parts: parts, channelID: store.channelID))
        }
    }
}
