import Foundation
import GoogleJSON

// MARK: - LiveBroadcast

/// A YouTube live broadcast and its life cycle (created → ready → testing → live → complete).
struct LiveBroadcast: Sendable {
    enum LifeCycleStatus: String, Sendable {
        case created, ready, testStarting, testing, liveStarting, live, complete, revoked

        /// Where an intermediate state leads.
        var pendingTarget: LifeCycleStatus? {
            switch self {
            case .testStarting: .testing
            case .liveStarting: .live
            default: nil
            }
        }
    }

    var id: String
    var title: String
    var description: String
    var publishedAt: Date
    var scheduledStartTime: Date
    var scheduledEndTime: Date?
    var actualStartTime: Date?
    var actualEndTime: Date?
    var privacyStatus: String
    var lifeCycleStatus: LifeCycleStatus
    var boundStreamID: String?
    var boundStreamUpdatedAt: Date?
    var liveChatID: String
    /// When a `testStarting`/`liveStarting` broadcast reaches its target.
    var pendingUntil: Date?
    var enableMonitorStream = true
    var broadcastStreamDelayMs: Int64 = 0
    var enableEmbed = true
    var enableDvr = true
    var recordFromStart = true
    var enableClosedCaptions = false
    var latencyPreference = "normal"
    var enableAutoStart = false
    var enableAutoStop = false
    var madeForKids = false
    var sequence = 0

    var recordingStatus: String {
        switch lifeCycleStatus {
        case .live: "recording"
        case .complete: "recorded"
        default: "notRecording"
        }
    }

    /// `broadcastStatus` filter buckets of liveBroadcasts.list.
    var statusBucket: String {
        switch lifeCycleStatus {
        case .created, .ready: "upcoming"
        case .testStarting, .testing, .liveStarting, .live: "active"
        case .complete, .revoked: "completed"
        }
    }

    func json(parts: Set<String>, channelID: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string("youtube#liveBroadcast")),
            ("etag", .string(YouTubeParts.etag(id, lifeCycleStatus.rawValue, title))),
            ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    JSONValue.compactObject([
                        ("publishedAt", .string(RFC3339.format(publishedAt))),
                        ("channelId", .string(channelID)),
                        ("title", .string(title)),
                        ("description", .string(description)),
                        ("thumbnails", YouTubeParts.thumbnails(for: id)),
                        ("scheduledStartTime", .string(RFC3339.format(scheduledStartTime))),
                        ("scheduledEndTime", scheduledEndTime.map { .string(RFC3339.format($0)) }),
                        ("actualStartTime", actualStartTime.map { .string(RFC3339.format($0)) }),
                        ("actualEndTime", actualEndTime.map { .string(RFC3339.format($0)) }),
                        ("isDefaultBroadcast", .bool(false)),
                        ("liveChatId", .string(liveChatID)),
                    ])
                ))
        }
        if parts.contains("status") {
            members.append(
                (
                    "status",
                    .members([
                        ("lifeCycleStatus", .string(lifeCycleStatus.rawValue)),
                        ("privacyStatus", .string(privacyStatus)),
                        ("recordingStatus", .string(recordingStatus)),
                        ("madeForKids", .bool(madeForKids)),
                        ("selfDeclaredMadeForKids", .bool(madeForKids)),
                    ])
                ))
        }
        if parts.contains("contentDetails") {
            members.append(
                (
                    "contentDetails",
                    JSONValue.compactObject([
                        ("boundStreamId", boundStreamID.map(JSONValue.string)),
                        ("boundStreamLastUpdateTimeMs", boundStreamUpdatedAt.map { .string(RFC3339.format($0)) }),
                        (
                            "monitorStream",
                            .members([
                                ("enableMonitorStream", .bool(enableMonitorStream)),
                                ("broadcastStreamDelayMs", .integer(broadcastStreamDelayMs)),
                                (
                                    "embedHtml",
                                    .string(
                                        "<iframe width=\"425\" height=\"344\" src=\"https://www.youtube.com/embed/\(id)?autoplay=1&livemonitor=1\" frameborder=\"0\" allow=\"accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share\" referrerpolicy=\"strict-origin-when-cross-origin\" allowfullscreen></iframe>"
                                    )
                                ),
                            ])
                        ),
                        ("enableEmbed", .bool(enableEmbed)),
                        ("enableDvr", .bool(enableDvr)),
                        ("recordFromStart", .bool(recordFromStart)),
                        ("enableClosedCaptions", .bool(enableClosedCaptions)),
                        ("closedCaptionsType", .string(enableClosedCaptions ? "closedCaptionsHttpPost" : "closedCaptionsDisabled")),
                        ("enableLowLatency", .bool(latencyPreference == "low")),
                        ("latencyPreference", .string(latencyPreference)),
                        ("projection", .string("rectangular")),
                        ("enableAutoStart", .bool(enableAutoStart)),
                        ("enableAutoStop", .bool(enableAutoStop)),
                    ])
                ))
        }
        return .members(members)
    }
}
