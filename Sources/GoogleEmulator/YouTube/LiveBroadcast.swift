import Foundation

// MARK: - LiveBroadcast

/// A YouTube live broadcast and its life cycle (created → ready → testing → live → complete).
struct LiveBroadcast: Sendable {
    enum LifeCycleStatus: String, Sendable {
        case created, ready, testing, live, complete, revoked
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
        case .testing, .live: "active"
        case .complete, .revoked: "completed"
        }
    }

    func json(parts: Set<String>, channelID: String) -> JSON {
        var members: [(String, JSON)] = [
            ("kind", .string("youtube#liveBroadcast")),
            ("etag", .string(YouTubeParts.etag(id, lifeCycleStatus.rawValue, title))),
            ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(("snippet", JSON.compactObject([
                ("publishedAt", .string(RFC3339.string(from: publishedAt))),
                ("channelId", .string(channelID)),
                ("title", .string(title)),
                ("description", .string(description)),
                ("thumbnails", YouTubeParts.thumbnails(for: id)),
                ("scheduledStartTime", .string(RFC3339.string(from: scheduledStartTime))),
                ("scheduledEndTime", scheduledEndTime.map { .string(RFC3339.string(from: $0)) }),
                ("actualStartTime", actualStartTime.map { .string(RFC3339.string(from: $0)) }),
                ("actualEndTime", actualEndTime.map { .string(RFC3339.string(from: $0)) }),
                ("isDefaultBroadcast", .bool(false)),
                ("liveChatId", .string(liveChatID)),
            ])))
        }
        if parts.contains("status") {
            members.append(("status", .object([
                ("lifeCycleStatus", .string(lifeCycleStatus.rawValue)),
                ("privacyStatus", .string(privacyStatus)),
                ("recordingStatus", .string(recordingStatus)),
                ("madeForKids", .bool(madeForKids)),
                ("selfDeclaredMadeForKids", .bool(madeForKids)),
            ])))
        }
        if parts.contains("contentDetails") {
            members.append(("contentDetails", JSON.compactObject([
                ("boundStreamId", boundStreamID.map(JSON.string)),
                ("boundStreamLastUpdateTimeMs", boundStreamUpdatedAt.map { .string(RFC3339.string(from: $0)) }),
                ("monitorStream", .object([
                    ("enableMonitorStream", .bool(enableMonitorStream)),
                    ("broadcastStreamDelayMs", .int(broadcastStreamDelayMs)),
                    ("embedHtml", .string("<iframe width=\"425\" height=\"344\" src=\"https://www.youtube.com/embed/\(id)?autoplay=1&livemonitor=1\" frameborder=\"0\" allow=\"accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share\" referrerpolicy=\"strict-origin-when-cross-origin\" allowfullscreen></iframe>")),
                ])),
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
            ])))
        }
        return .object(members)
    }
}

// MARK: - LiveStream

/// A YouTube live stream (the ingestion endpoint a broadcast is bound to).
struct LiveStream: Sendable {
    var id: String
    var title: String
    var description: String
    var publishedAt: Date
    var streamName: String
    var ingestionType: String
    var resolution: String
    var frameRate: String
    var isReusable: Bool
    var streamStatus: String
    var sequence = 0

    func json(parts: Set<String>, channelID: String) -> JSON {
        var members: [(String, JSON)] = [
            ("kind", .string("youtube#liveStream")),
            ("etag", .string(YouTubeParts.etag(id, streamStatus, title))),
            ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(("snippet", .object([
                ("publishedAt", .string(RFC3339.string(from: publishedAt))),
                ("channelId", .string(channelID)),
                ("title", .string(title)),
                ("description", .string(description)),
                ("isDefaultStream", .bool(false)),
            ])))
        }
        if parts.contains("cdn") {
            members.append(("cdn", .object([
                ("ingestionType", .string(ingestionType)),
                ("ingestionInfo", .object([
                    ("streamName", .string(streamName)),
                    ("ingestionAddress", .string("rtmp://a.rtmp.youtube.com/live2")),
                    ("backupIngestionAddress", .string("rtmp://b.rtmp.youtube.com/live2?backup=1")),
                    ("rtmpsIngestionAddress", .string("rtmps://a.rtmps.youtube.com/live2")),
                    ("rtmpsBackupIngestionAddress", .string("rtmps://b.rtmps.youtube.com/live2?backup=1")),
                ])),
                ("resolution", .string(resolution)),
                ("frameRate", .string(frameRate)),
            ])))
        }
        if parts.contains("status") {
            members.append(("status", .object([
                ("streamStatus", .string(streamStatus)),
                ("healthStatus", .object([("status", .string(streamStatus == "active" ? "good" : "noData"))])),
            ])))
        }
        if parts.contains("contentDetails") {
            members.append(("contentDetails", .object([
                ("closedCaptionsIngestionUrl", .string("http://upload.youtube.com/closedcaption?cid=\(streamName)")),
                ("isReusable", .bool(isReusable)),
            ])))
        }
        return .object(members)
    }
}

// MARK: - YouTubeParts

/// Shared pieces of YouTube resources.
enum YouTubeParts {
    /// Parses `part` (comma-separated); `nil` when an unknown part is named.
    static func parse(_ text: String?, allowed: Set<String>) -> Set<String>? {
        guard let text else { return nil }
        let parts = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        guard !parts.isEmpty, parts.isSubset(of: allowed) else { return nil }
        return parts
    }

    /// A stable etag for a resource state.
    static func etag(_ components: String...) -> String {
        var digest = MD5()
        digest.update(Data(components.joined(separator: "|").utf8))
        return String(digest.finalizeHex().prefix(27))
    }

    static func thumbnails(for videoID: String) -> JSON {
        .object([
            ("default", .object([("url", .string("https://i.ytimg.com/vi/\(videoID)/default_live.jpg")), ("width", .int(120)), ("height", .int(90))])),
            ("medium", .object([("url", .string("https://i.ytimg.com/vi/\(videoID)/mqdefault_live.jpg")), ("width", .int(320)), ("height", .int(180))])),
            ("high", .object([("url", .string("https://i.ytimg.com/vi/\(videoID)/hqdefault_live.jpg")), ("width", .int(480)), ("height", .int(360))])),
        ])
    }
}
