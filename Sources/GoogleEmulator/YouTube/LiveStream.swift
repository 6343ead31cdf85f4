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
    /// What the simulated encoder does with the stream key (see ``GoogleEmulator/startEncoder(streamKey:)``).
    var encoder = EncoderState.neverSent
    /// The health the encoder's signal is given while it sends.
    var health = GoogleEmulator.EncoderHealth.good
    var sequence = 0

    enum EncoderState: Sendable {
        case neverSent, sending, stopped
    }

    /// `status.streamStatus`: `active` only while an encoder sends, as on YouTube; a stream that
    /// never received data is `ready`, one whose encoder stopped `inactive`.
    var streamStatus: String {
        switch encoder {
        case .neverSent: "ready"
        case .sending: "active"
        case .stopped: "inactive"
        }
    }

    /// `status.healthStatus.status`: `noData` unless the encoder sends.
    var healthStatus: String {
        encoder == .sending ? health.rawValue : "noData"
    }

    /// `status.healthStatus.configurationIssues`: one error-level issue while the health is bad.
    var configurationIssues: [JSONValue] {
        guard encoder == .sending, health == .bad else { return [] }
        return [
            .members([
                ("type", .string("videoIngestionStarved")),
                ("severity", .string("error")),
                ("reason", .string("Video ingestion starved")),
                ("description", .string("The stream's video bitrate is far below what its resolution needs.")),
            ])
        ]
    }

    func json(parts: Set<String>, channelID: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string("youtube#liveStream")),
            ("etag", .string(YouTubeParts.etag(id, streamStatus, title))),
            ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    .members([
                        ("publishedAt", .string(RFC3339.format(publishedAt))),
                        ("channelId", .string(channelID)),
                        ("title", .string(title)),
                        ("description", .string(description)),
                        ("isDefaultStream", .bool(false)),
                    ])
                ))
        }
        if parts.contains("cdn") {
            members.append(
                (
                    "cdn",
                    .members([
                        ("ingestionType", .string(ingestionType)),
                        (
                            "ingestionInfo",
                            .members([
                                ("streamName", .string(streamName)),
                                ("ingestionAddress", .string("rtmp://a.rtmp.youtube.com/live2")),
                                ("backupIngestionAddress", .string("rtmp://b.rtmp.youtube.com/live2?backup=1")),
                                ("rtmpsIngestionAddress", .string("rtmps://a.rtmps.youtube.com/live2")),
                                ("rtmpsBackupIngestionAddress", .string("rtmps://b.rtmps.youtube.com/live2?backup=1")),
                            ])
                        ),
                        ("resolution", .string(resolution)),
                        ("frameRate", .string(frameRate)),
                    ])
                ))
        }
        if parts.contains("status") {
            members.append(
                (
                    "status",
                    .members([
                        ("streamStatus", .string(streamStatus)),
                        (
                            "healthStatus",
                            .members([
                                ("status", .string(healthStatus)),
                                ("lastUpdateTimeSeconds", .string(String(Int64(Date().timeIntervalSince1970)))),
                                ("configurationIssues", .array(configurationIssues)),
                            ])
                        ),
                    ])
                ))
        }
        if parts.contains("contentDetails") {
            members.append(
                (
                    "contentDetails",
                    .members([
                        ("closedCaptionsIngestionUrl", .string("http://upload.youtube.com/closedcaption?cid=\(streamName)")),
                        ("isReusable", .bool(isReusable)),
                    ])
                ))
        }
        return .members(members)
    }
}
