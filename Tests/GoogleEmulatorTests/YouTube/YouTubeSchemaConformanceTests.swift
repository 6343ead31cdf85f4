import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

// MARK: - Schema conformance

/// Every kind of YouTube answer the emulator gives, checked against Specs/youtube.v3.json: each
/// member is one the schema declares, with its type, format and enum value right.
@Suite struct YouTubeSchemaConformanceTests {
    // Read once and never changed.
    nonisolated(unsafe) static let discovery: [String: Any] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs/youtube.v3.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }()

    static var schemas: [String: Any] { discovery["schemas"] as? [String: Any] ?? [:] }

    /// What is wrong with `value` for `schema`, one line per problem, naming the JSON path.
    static func problems(_ value: Any, _ schema: [String: Any], at path: String) -> [String] {
        if let reference = schema["$ref"] as? String {
            guard let resolved = schemas[reference] as? [String: Any] else { return ["\(path): unknown schema \(reference)"] }
            return problems(value, resolved, at: path)
        }
        switch schema["type"] as? String {
        case "object":
            guard let object = value as? [String: Any] else { return ["\(path): expected an object"] }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            var found: [String] = []
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] as? [String: Any] {
                    found += problems(member, property, at: "\(path).\(key)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    found += problems(member, additional, at: "\(path).\(key)")
                } else {
                    found.append("\(path).\(key): not in the schema")
                }
            }
            return found
        case "array":
            guard let array = value as? [Any] else { return ["\(path): expected an array"] }
            let items = schema["items"] as? [String: Any] ?? [:]
            return array.enumerated().flatMap { problems($1, items, at: "\(path)[\($0)]") }
        case "string":
            guard let text = value as? String else { return ["\(path): expected a string"] }
            if let values = schema["enum"] as? [String], !values.contains(text) {
                return ["\(path): '\(text)' is not one of its enum values"]
            }
            switch schema["format"] as? String {
            case "date-time":
                let fractional = ISO8601DateFormatter()
                fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                if fractional.date(from: text) == nil && ISO8601DateFormatter().date(from: text) == nil {
                    return ["\(path): '\(text)' is not RFC 3339"]
                }
            case "uint64", "int64", "uint32", "int32":
                if Int64(text) == nil && UInt64(text) == nil { return ["\(path): '\(text)' is not an integer string"] }
            default:
                break
            }
            return []
        case "integer":
            guard !isBoolean(value), let number = value as? NSNumber, number.doubleValue.rounded() == number.doubleValue
            else { return ["\(path): expected an integer"] }
            if schema["format"] as? String == "uint32", number.int64Value < 0 { return ["\(path): negative uint32"] }
            return []
        case "number":
            guard !isBoolean(value), value is NSNumber else { return ["\(path): expected a number"] }
            return []
        case "boolean":
            guard isBoolean(value) else { return ["\(path): expected a boolean"] }
            return []
        default:
            return []
        }
    }

    /// JSON `true`/`false` as JSONSerialization hands them over (a Bool, or an NSNumber of type `c`).
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    static func check(_ response: GoogleHTTPResponse, as schema: String, _ label: String) {
        #expect(response.status == 200, "\(label): \(response.text)")
        let value = (try? JSONSerialization.jsonObject(with: response.body)) ?? [:]
        let found = problems(value, ["$ref": schema], at: label)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func theCheckerFindsWhatIsWrong() {
        let probe: [String: Any] = [
            "bogus": 1, "status": ["lifeCycleStatus": "sideways", "madeForKids": "no"],
            "snippet": ["publishedAt": "yesterday", "title": 7],
        ]
        let found = Self.problems(probe, ["$ref": "LiveBroadcast"], at: "probe")
        #expect(found.contains("probe.bogus: not in the schema"))
        #expect(found.contains("probe.status.lifeCycleStatus: 'sideways' is not one of its enum values"))
        #expect(found.contains("probe.status.madeForKids: expected a boolean"))
        #expect(found.contains("probe.snippet.publishedAt: 'yesterday' is not RFC 3339"))
        #expect(found.contains("probe.snippet.title: expected a string"))
        #expect(Self.problems(["kind": "youtube#liveBroadcast"], ["$ref": "LiveBroadcast"], at: "ok").isEmpty)
    }

    @Test func everyYouTubeAnswerMatchesTheDiscoverySchema() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.youTubeTransitionDuration = .zero
        let harness = try EmulatorHarness(configuration: configuration)
        typealias Seed = GoogleEmulator.Seed
        let allBroadcastParts = "id,snippet,status,contentDetails,statistics,monetizationDetails"
        for status in ["all", "active", "upcoming", "completed"] {
            Self.check(
                try await harness.send(
                    .get, "/youtube/v3/liveBroadcasts?part=\(allBroadcastParts)&broadcastStatus=\(status)&maxResults=50"),
                as: "LiveBroadcastListResponse", "liveBroadcasts.list \(status)")
        }
        let inserted = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=\(allBroadcastParts)",
            json: [
                "snippet": ["title": "Schema", "scheduledStartTime": "2030-05-01T18:00:00Z"], "status": ["privacyStatus": "private"],
            ])
        Self.check(inserted, as: "LiveBroadcast", "liveBroadcasts.insert")
        let id = try #require(inserted.json.string("id"))
        let stream = try await harness.sendJSON(
            .post, "/youtube/v3/liveStreams?part=id,snippet,cdn,status,contentDetails",
            json: [
                "snippet": ["title": "Cam"], "cdn": ["ingestionType": "rtmp", "resolution": "1080p", "frameRate": "60fps"],
            ])
        Self.check(stream, as: "LiveStream", "liveStreams.insert")
        let streamID = try #require(stream.json.string("id"))
        let key = try #require(harness.emulator.streamKey(ofStream: streamID))
        Self.check(
            try await harness.send(.post, "/youtube/v3/liveBroadcasts/bind?id=\(id)&part=\(allBroadcastParts)&streamId=\(streamID)"),
            as: "LiveBroadcast", "liveBroadcasts.bind")
        harness.emulator.startEncoder(streamKey: key)
        harness.emulator.setEncoderHealth(.bad, streamKey: key)
        Self.check(
            try await harness.send(.get, "/youtube/v3/liveStreams?part=id,snippet,cdn,status,contentDetails&mine=true"),
            as: "LiveStreamListResponse", "liveStreams.list")
        for target in ["testing", "live", "complete"] {
            Self.check(
                try await harness.send(
                    .post, "/youtube/v3/liveBroadcasts/transition?broadcastStatus=\(target)&id=\(id)&part=\(allBroadcastParts)"),
                as: "LiveBroadcast", "liveBroadcasts.transition \(target)")
        }
        Self.check(
            try await harness.send(.get, "/youtube/v3/liveChat/messages?liveChatId=\(Seed.liveChatID)&part=id,snippet,authorDetails"),
            as: "LiveChatMessageListResponse", "liveChatMessages.list")
        Self.check(
            try await harness.sendJSON(
                .post, "/youtube/v3/liveChat/messages?part=id,snippet,authorDetails",
                json: [
                    "snippet": ["liveChatId": Seed.liveChatID, "type": "textMessageEvent", "textMessageDetails": ["messageText": "hi"]]
                ]),
            as: "LiveChatMessage", "liveChatMessages.insert")
        Self.check(
            try await harness.send(.get, "/youtube/v3/liveChat/moderators?liveChatId=\(Seed.liveChatID)&part=id,snippet"),
            as: "LiveChatModeratorListResponse", "liveChatModerators.list")
        Self.check(
            try await harness.send(
                .get,
                "/youtube/v3/videos?part=id,snippet,status,statistics,liveStreamingDetails&id=\(Seed.liveBroadcastID),\(Seed.completedBroadcastID)"
            ),
            as: "VideoListResponse", "videos.list")
        // The ended chat's stream: its history, each element a list response, then the array closes.
        let streamed = try await harness.send(
            .get, "/youtube/v3/liveChat/messages/stream?liveChatId=\(Seed.completedChatID)&part=id,snippet,authorDetails")
        #expect(streamed.status == 200)
        let elements = (try? JSONSerialization.jsonObject(with: streamed.body)) as? [Any] ?? []
        #expect(!elements.isEmpty, "\(streamed.text.prefix(200))")
        for (index, element) in elements.enumerated() {
            let found = Self.problems(element, ["$ref": "LiveChatMessageListResponse"], at: "stream[\(index)]")
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }
    }
}
