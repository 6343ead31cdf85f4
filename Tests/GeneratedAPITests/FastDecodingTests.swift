import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleYouTube
import Testing

// MARK: - Fast path vs Codable path

/// Generated types decode through `GoogleJSONFastDecodable` by default; the result must be
/// exactly what their Codable `init(from:)` produces, and errors must stay typed with a path.
@Suite struct FastDecodingTests {
    private static let fast = GoogleJSONDecoder()
    private static let codable: GoogleJSONDecoder = {
        var decoder = GoogleJSONDecoder()
        decoder.usesFastPath = false
        return decoder
    }()

    /// A Drive page with every kind of member: formats, nested objects, arrays, maps, nulls,
    /// escaped keys and strings, unknown fields.
    private static func filePage(count: Int) -> Data {
        let files = (0..<count).map { index in
            """
            {"kind": "drive#file", "id": "id-\(index)", "name": "Report \\u00e9 \(index).pdf", "mimeType": "application/pdf",
             "size": "\(123_456_789_012 + index)", "version": \(index), "createdTime": "2024-05-01T12:30:45.\(100 + index)Z",
             "modifiedTime": "2024-05-02T08:00:00+02:00", "parents": ["root", "p\(index)"], "starred": \(index % 2 == 0),
             "trashed": null, "appProperties": {"k": "v\(index)", "e\\n": "x"}, "someFutureField": {"nested": [1, 2.5, null]},
             "capabilities": {"canEdit": true, "canCopy": false}, "quotaBytesUsed": 17,
             "contentHints": {"thumbnail": {"image": "aGVsbG8=", "mimeType": "image/png"}},
             "owners": [{"displayName": "Ann", "emailAddress": "ann@example.com", "me": true, "kind": "drive#user"}],
             "imageMediaMetadata": {"width": 640, "height": 480, "rotation": -1, "aperture": 2.8, "exposureTime": 1e-3},
             "\\u0069d": "id-\(index)"}
            """
        }
        return Data(#"{"kind": "drive#fileList", "incompleteSearch": false, "nextPageToken": "t\u00e9", "files": ["#.utf8
            + Data(files.joined(separator: ",").utf8) + Data("]}".utf8))
    }

    @Test func driveFileListPageDecodesTheSameOnBothPaths() throws {
        let page = Self.filePage(count: 53)
        let viaFast = try Self.fast.decode(Drive.FileList.self, from: page)
        let viaCodable = try Self.codable.decode(Drive.FileList.self, from: page)
        #expect(viaFast == viaCodable)
        #expect(viaFast.files?.count == 53)
        let file = try #require(viaFast.files?[7])
        #expect(file.size == 123_456_789_019)
        #expect(file.version == 7)
        #expect(file.name == "Report é 7.pdf")
        #expect(file.trashed == nil)
        #expect(file.appProperties?["e\n"] == "x")
        #expect(file.contentHints?.thumbnail?.image == Data("hello".utf8))
        #expect(file.owners?.first?.me == true)
        #expect(file.imageMediaMetadata?.exposureTime == Float(0.001))
        #expect(viaFast.nextPageToken == "té")
        // Foundation's decoder agrees too (plain Codable, no runtime decoder involved).
        #expect(try JSONDecoder().decode(Drive.FileList.self, from: page).files?[7].parents == file.parents)
    }

    @Test func enumsAndUnknownValuesMatch() throws {
        let json = Data(#"""
            {"items": [{"id": "b1", "status": {"lifeCycleStatus": "live", "privacyStatus": "somethingNew"}},
                       {"id": "b2", "status": {"lifeCycleStatus": true, "privacyStatus": 3}}],
             "pageInfo": {"totalResults": 2, "resultsPerPage": 5}}
            """#.utf8)
        let viaFast = try Self.fast.decode(YouTube.LiveBroadcastListResponse.self, from: json)
        #expect(viaFast == (try Self.codable.decode(YouTube.LiveBroadcastListResponse.self, from: json)))
        #expect(viaFast.items?.first?.status?.privacyStatus == .unrecognized("somethingNew"))
        #expect(viaFast.items?.last?.status?.lifeCycleStatus == .unrecognized("true"))
    }

    @Test func malformedValuesGiveTypedErrorsWithThePath() throws {
        let cases: [(String, GoogleJSONDecodingError.Kind, String)] = [
            (#"{"files": [{"id": "a"}, {"size": "12x"}]}"#, .invalidFormat, "files[1].size"),
            (#"{"files": [{"id": "a"}, {"createdTime": "yesterday"}]}"#, .invalidFormat, "files[1].createdTime"),
            (#"{"files": [{"starred": "yes"}]}"#, .typeMismatch, "files[0].starred"),
            (#"{"files": [{"parents": ["a", 3]}]}"#, .typeMismatch, "files[0].parents[1]"),
            (#"{"files": {"id": "a"}}"#, .typeMismatch, "files"),
            (#"{"files": [{"version": "7.5"}]}"#, .invalidFormat, "files[0].version"),
            // Fails after members of the element (and of a nested array element) are stored:
            // the half-built values in the arrays' storage are destroyed, not returned.
            (#"{"files": [{"id": "a"}, {"id": "b", "name": "n", "parents": ["p"], "owners": [{"displayName": "A"}, {"displayName": "B", "me": "x"}]}]}"#,
             .typeMismatch, "files[1].owners[1].me"),
            (#"{"files": [{"id": "a", "capabilities": {"canEdit": true}, "size": "1"}, {"id": "b", "trashed": false, "size": 2.5}]}"#,
             .numberOutOfRange, "files[1].size"),
        ]
        for (json, kind, path) in cases {
            let error = try #require(throws: GoogleJSONDecodingError.self) {
                try Self.fast.decode(Drive.FileList.self, from: Data(json.utf8))
            }
            #expect(error.kind == kind, "\(json)")
            #expect(error.path == path, "\(json)")
            // The Codable path reports the same location.
            let codableError = try #require(throws: GoogleJSONDecodingError.self) {
                try Self.codable.decode(Drive.FileList.self, from: Data(json.utf8))
            }
            #expect(codableError.path == path, "\(json)")
            #expect(codableError.kind == error.kind, "\(json)")
        }
        #expect(throws: GoogleJSONDecodingError.self) { try Self.fast.decode(Drive.FileList.self, from: Data("[1]".utf8)) }
    }
}
