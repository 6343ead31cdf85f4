import Foundation
import GoogleHTTPTypes
import LocalHTTPServer

// MARK: - LiveStreamHandlers

/// liveStreams.list/insert/delete.
struct LiveStreamHandlers: Sendable {
    let context: EmulatorContext
    var store: YouTubeStore { context.youtube }
    static let parts: Set<String> = ["id", "snippet", "cdn", "status", "contentDetails"]

    func register(in router: inout HTTPRouter) {
        router.get("/youtube/v3/liveStreams", returning: .youTube("LiveStreamListResponse")) { request, _ in await list(request) }
        router.post("/youtube/v3/liveStreams", returning: .youTube("LiveStream")) { request, _ in await insert(request) }
        router.delete("/youtube/v3/liveStreams") { request, _ in await delete(request) }
    }

    func list(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeRead) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            let ids = YouTubeResponses.idFilter(request)
            guard ids != nil || request.queryValue("mine") == "true" else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "missingRequiredParameter", message: "No filter selected. Expected one of: mine, id",
                    domain: "youtube.parameter")
            }
            let maxResults: Int
            switch YouTubeResponses.maxResults(request, default: context.configuration.youTubeMaxResults, range: 0...50) {
            case .success(let value): maxResults = value
            case .failure(let error): return error.response
            }
            let scope = "streams|\(ids?.joined(separator: ",") ?? "")"
            let offset: Int
            switch YouTubeResponses.offset(request, scope: scope) {
            case .success(let value): offset = value
            case .failure(let error): return error.response
            }
            var streams = store.allStreams
            if let ids { streams = ids.compactMap { id in streams.first { $0.id == id } } }
            return YouTubeResponses.pagedList(
                kind: "youtube#liveStreamListResponse", all: streams, offset: offset, maxResults: maxResults,
                scope: scope
            ) { $0.json(parts: parts, channelID: store.channelID) }
        }
    }

    func insert(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let body = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            let domain = "youtube.liveStream"
            guard let title = body["snippet"]?["title"]?.stringValue, !title.isEmpty else {
                return YouTubeResponses.required("titleRequired", "snippet.title", domain: domain)
            }
            // YouTube wants the cdn part with its ingestion type, resolution and frame rate.
            guard let cdn = body["cdn"] else { return YouTubeResponses.required("cdnRequired", "cdn", domain: domain) }
            guard let ingestionType = cdn["ingestionType"]?.stringValue else {
                return YouTubeResponses.required("ingestionTypeRequired", "cdn.ingestionType", domain: domain)
            }
            guard ["rtmp", "dash", "hls", "webrtc"].contains(ingestionType) else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalidIngestionType", message: "Invalid ingestion type.", domain: domain)
            }
            guard let resolution = cdn["resolution"]?.stringValue else {
                return YouTubeResponses.required("resolutionRequired", "cdn.resolution", domain: domain)
            }
            guard let frameRate = cdn["frameRate"]?.stringValue else {
                return YouTubeResponses.required("frameRateRequired", "cdn.frameRate", domain: domain)
            }
            let name = [store.newID(length: 4), store.newID(length: 4), store.newID(length: 4), store.newID(length: 4)]
                .joined(separator: "-").lowercased()
            let stream = LiveStream(
                id: store.channelID.dropFirst(2) + store.newID(length: 16), title: title,
                description: body["snippet"]?["description"]?.stringValue ?? "", publishedAt: Date(), streamName: name,
                ingestionType: ingestionType, resolution: resolution, frameRate: frameRate,
                isReusable: body["contentDetails"]?["isReusable"]?.boolValue ?? true)
            return YouTubeResponses.resource(store.insertStream(stream).json(parts: parts, channelID: store.channelID))
        }
    }

    func delete(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            guard let id = request.queryValue("id") else { return GoogleErrorResponse.required("id") }
            guard store.deleteStream(id) else { return YouTubeResponses.streamNotFound() }
            return HTTPServerResponse(status: 204)
        }
    }
}
