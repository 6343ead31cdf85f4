import Foundation
import GoogleJSON

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

    func json(parts: Set<String>, channelID: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string("youtube#liveStream")),
            ("etag", .string(YouTubeParts.etag(id, streamStatus, title))),
            ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(("snippet", .members([
                ("publishedAt", .string(RFC3339.format(publishedAt))),
                ("channelId", .string(channelID)),
                ("title", .string(title)),
                ("description", .string(description)),
                ("isDefaultStream", .bool(false)),
            ])))
        }
        if parts.contains("cdn") {
            members.append(("cdn", .members([
                ("ingestionType", .string(ingestionType)),
                ("ingestionInfo", .members([
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
            members.append(("status", .members([
                ("streamStatus", .string(streamStatus)),
                ("healthStatus", .members([("status", .string(streamStatus == "active" ? "good" : "noData"))])),
            ])))
        }
        if parts.contains("contentDetails") {
            members.append(("contentDetails", .members([
                ("closedCaptionsIngestionUrl", .string("http://upload.youtube.com/closedcaption?cid=\(streamName)")),
                ("isReusable", .bool(isReusable)),
            ])))
        }
        return .members(members)
    }
}
