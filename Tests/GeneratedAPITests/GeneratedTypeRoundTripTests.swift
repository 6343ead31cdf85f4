import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleYouTube
import Testing

// MARK: - Generated type round trips

/// Generated schema types decode what Google sends and encode what Google expects.
@Suite struct GeneratedTypeRoundTripTests {
    @Test func driveFileDecodesFormatsAndRoundTrips() throws {
        let json = """
            {"kind": "drive#file", "id": "f1", "name": "Report.pdf", "mimeType": "application/pdf",
             "size": "123456789012", "createdTime": "2024-05-01T12:30:45.123Z",
             "modifiedTime": "2024-05-02T08:00:00Z", "parents": ["root"], "starred": true,
             "appProperties": {"k": "v"}, "someFutureField": {"nested": [1, 2]},
             "capabilities": {"canEdit": true}, "contentHints": {"thumbnail": {"image": "aGVsbG8=", "mimeType": "image/png"}}}
            """
        let file = try JSONDecoder().decode(Drive.File.self, from: Data(json.utf8))
        #expect(file.id == "f1")
        #expect(file.size == 123_456_789_012)
        #expect(abs((file.createdTime?.timeIntervalSince1970 ?? 0) - 1_714_566_645.123) < 0.000_5)
        #expect(file.parents == ["root"])
        #expect(file.capabilities?.canEdit == true)
        #expect(file.contentHints?.thumbnail?.image == Data("hello".utf8))
        #expect(file.appProperties == ["k": "v"])

        let encoded = try JSONEncoder().encode(file)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["size"] as? String == "123456789012", "int64 goes out as a JSON string")
        #expect(object["someFutureField"] == nil, "unknown fields are ignored")
        #expect(object["description"] == nil, "nil properties are omitted")
        let again = try JSONDecoder().decode(Drive.File.self, from: encoded)
        #expect(again == file)
    }

    @Test func enumsKeepUnknownValues() throws {
        let json = #"{"id": "b1", "status": {"lifeCycleStatus": "live", "privacyStatus": "somethingNew"}}"#
        let broadcast = try JSONDecoder().decode(YouTube.LiveBroadcast.self, from: Data(json.utf8))
        #expect(broadcast.status?.lifeCycleStatus == .live)
        #expect(broadcast.status?.privacyStatus == .unrecognized("somethingNew"))
        let encoded = try JSONEncoder().encode(broadcast)
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains("\"somethingNew\""))
        #expect(try JSONDecoder().decode(YouTube.LiveBroadcast.self, from: encoded) == broadcast)
    }

    @Test func memberwiseInitAndEquality() {
        let a = YouTube.LiveBroadcast(id: "x", snippet: YouTube.LiveBroadcastSnippet(title: "Hello"))
        var b = a
        #expect(a == b)
        b.snippet?.title = "Changed"
        #expect(a != b)
    }
}
