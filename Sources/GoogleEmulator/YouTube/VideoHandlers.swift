import Foundation
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - VideoHandlers

/// videos.list by `id`, for the broadcasts (every live broadcast is a video with the same ID):
/// `snippet` (with `liveBroadcastContent`), `status`, `statistics` and `liveStreamingDetails`
/// (`concurrentViewers` while live, `activeLiveChatId` until the broadcast completes).
///
/// Callable with an API key, as on YouTube: anonymous callers see public and unlisted videos only.
struct VideoHandlers: Sendable {
    let context: EmulatorContext
    var store: YouTubeStore { context.youtube }
    static let parts: Set<String> = ["id", "snippet", "status", "statistics", "liveStreamingDetails"]

    func register(in router: inout HTTPRouter) {
        router.get("/youtube/v3/videos", returning: .youTube("VideoListResponse")) { request, _ in await list(request) }
    }

    // MARK: - list

    func list(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.publicAccess(request, scopes: Scopes.youTubeRead) { anonymous in
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.parts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let ids = YouTubeResponses.idFilter(request) else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "missingRequiredParameter",
                    message: "No filter selected. Expected one of: myRating, chart, id", domain: "youtube.parameter")
            }
            let maxResults: Int
            switch YouTubeResponses.maxResults(request, default: context.configuration.youTubeMaxResults, range: 1...50) {
            case .success(let value): maxResults = value
            case .failure(let error): return error.response
            }
            let scope = "videos|\(ids.joined(separator: ","))|\(anonymous)"
            let offset: Int
            switch YouTubeResponses.offset(request, scope: scope) {
            case .success(let value): offset = value
            case .failure(let error): return error.response
            }
            let videos = ids.compactMap { id in store.broadcast(id) }
                .filter { !anonymous || $0.privacyStatus != "private" }
            return YouTubeResponses.pagedList(
                kind: "youtube#videoListResponse", all: videos, offset: offset, maxResults: maxResults, scope: scope
            ) { json($0, parts: parts) }
        }
    }

    // MARK: - JSON

    func json(_ broadcast: LiveBroadcast, parts: Set<String>) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string("youtube#video")),
            ("etag", .string(YouTubeParts.etag("video", broadcast.id, broadcast.lifeCycleStatus.rawValue, broadcast.title))),
            ("id", .string(broadcast.id)),
        ]
        let live = broadcast.lifeCycleStatus == .live
        let ended = broadcast.lifeCycleStatus == .complete || broadcast.lifeCycleStatus == .revoked
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    .members([
                        ("publishedAt", .string(RFC3339.format(broadcast.publishedAt))),
                        ("channelId", .string(store.channelID)),
                        ("title", .string(broadcast.title)),
                        ("description", .string(broadcast.description)),
                        ("thumbnails", YouTubeParts.thumbnails(for: broadcast.id)),
                        ("channelTitle", .string(store.owner.displayName)),
                        ("categoryId", .string("20")),
                        ("liveBroadcastContent", .string(live ? "live" : ended ? "none" : "upcoming")),
                    ])
                ))
        }
        if parts.contains("status") {
            members.append(
                (
                    "status",
                    .members([
                        ("uploadStatus", .string(ended ? "processed" : "uploaded")),
                        ("privacyStatus", .string(broadcast.privacyStatus)),
                        ("license", .string("youtube")),
                        ("embeddable", .bool(broadcast.enableEmbed)),
                        ("publicStatsViewable", .bool(true)),
                        ("madeForKids", .bool(broadcast.madeForKids)),
                    ])
                ))
        }
        if parts.contains("statistics") {
            members.append(
                (
                    "statistics",
                    .members([
                        ("viewCount", .string(String(viewers(of: broadcast) * 3))),
                        ("likeCount", .string("0")),
                        ("favoriteCount", .string("0")),
                        ("commentCount", .string("0")),
                    ])
                ))
        }
        if parts.contains("liveStreamingDetails") {
            members.append(
                (
                    "liveStreamingDetails",
                    JSONValue.compactObject([
                        ("actualStartTime", broadcast.actualStartTime.map { .string(RFC3339.format($0)) }),
                        ("actualEndTime", broadcast.actualEndTime.map { .string(RFC3339.format($0)) }),
                        ("scheduledStartTime", .string(RFC3339.format(broadcast.scheduledStartTime))),
                        ("scheduledEndTime", broadcast.scheduledEndTime.map { .string(RFC3339.format($0)) }),
                        ("concurrentViewers", live ? .string(String(viewers(of: broadcast))) : nil),
                        ("activeLiveChatId", ended ? nil : .string(broadcast.liveChatID)),
                    ])
                ))
        }
        return .members(members)
    }

    /// The emulated audience: the broadcaster plus everyone who wrote in the chat (deterministic,
    /// so tests can predict it).
    private func viewers(of broadcast: LiveBroadcast) -> Int {
        let authors = store.chat(broadcast.liveChatID).map { Set($0.messages.map(\.author.channelID)) } ?? []
        return 1 + authors.subtracting([store.channelID]).count
    }
}
