import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleYouTube
import Testing

// MARK: - Fast path vs other decoders

/// Generated types have one decoder, `init(googleJSON:)`; their `Decodable` conformance is the
/// runtime's default `init(from:)` over it. The result must be the same through Foundation's
/// `JSONDecoder` (an independent parser, reaching the generated decoder through a generic
/// JSON value), and errors must stay typed with the whole path when a generated type is
/// decoded inside a caller's own `Decodable` type.
@Suite struct FastDecodingTests {
    private static let fast = GoogleJSONDecoder()

    /// Foundation's decoder: a reference that shares no parsing code with the runtime.
    private struct Reference {
        func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
            try JSONDecoder().decode(T.self, from: data)
        }
    }
    private static let codable = Reference()

    /// A caller's own `Decodable` type holding a generated one, decoded by the runtime's
    /// Codable path (so the generated type is reached through `init(from:)`).
    private struct Envelope<Wrapped: Decodable>: Decodable {
        var wrapped: Wrapped
    }

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
        return Data(
            #"{"kind": "drive#fileList", "incompleteSearch": false, "nextPageToken": "t\u00e9", "files": ["#.utf8
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
        let json = Data(
            #"""
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
            // Each scalar kind the member iterator decodes into storage keeps kind and path.
            (#"{"files": [{"id": "a"}, {"name": 5}]}"#, .typeMismatch, "files[1].name"),
            (#"{"files": [{"imageMediaMetadata": {"rotation": 3000000000}}]}"#, .numberOutOfRange, "files[0].imageMediaMetadata.rotation"),
            (#"{"files": [{"imageMediaMetadata": {"aperture": "wide"}}]}"#, .invalidFormat, "files[0].imageMediaMetadata.aperture"),
            (
                #"{"files": [{"imageMediaMetadata": {"location": {"latitude": true}}}]}"#, .typeMismatch,
                "files[0].imageMediaMetadata.location.latitude"
            ),
            (
                #"{"files": [{"contentHints": {"thumbnail": {"image": "not base64!"}}}]}"#, .invalidFormat,
                "files[0].contentHints.thumbnail.image"
            ),
            // Fails after members of the element (and of a nested array element) are stored:
            // the half-built values in the arrays' storage are destroyed, not returned.
            (
                #"{"files": [{"id": "a"}, {"id": "b", "name": "n", "parents": ["p"], "owners": [{"displayName": "A"}, {"displayName": "B", "me": "x"}]}]}"#,
                .typeMismatch, "files[1].owners[1].me"
            ),
            (
                #"{"files": [{"id": "a", "capabilities": {"canEdit": true}, "size": "1"}, {"id": "b", "trashed": false, "size": 2.5}]}"#,
                .numberOutOfRange, "files[1].size"
            ),
        ]
        for (json, kind, path) in cases {
            let error = try #require(throws: GoogleJSONDecodingError.self) {
                try Self.fast.decode(Drive.FileList.self, from: Data(json.utf8))
            }
            #expect(error.kind == kind, "\(json)")
            #expect(error.path == path, "\(json)")
            // Inside a caller's Decodable type (the Codable path into `init(from:)`), the same
            // error at the same place, under the caller's key.
            let enveloped = Data(("{\"wrapped\": " + json + "}").utf8)
            let codableError = try #require(throws: GoogleJSONDecodingError.self) {
                try Self.fast.decode(Envelope<Drive.FileList>.self, from: enveloped)
            }
            #expect(codableError.path == "wrapped." + path, "\(json)")
            #expect(codableError.kind == error.kind, "\(json)")
            // Foundation's decoder rejects it too, as a DecodingError.
            #expect(throws: DecodingError.self) { try Self.codable.decode(Drive.FileList.self, from: Data(json.utf8)) }
        }
        #expect(throws: GoogleJSONDecodingError.self) { try Self.fast.decode(Drive.FileList.self, from: Data("[1]".utf8)) }
    }

    // MARK: - Fast-path shortcuts

    /// The key table guesses each member's key from the order the previous object of the type
    /// used; objects whose members come in other orders (same-length keys swapped, keys left
    /// out, unknown keys in between) must decode exactly as Foundation's decoder does.
    @Test func membersInChangingOrdersDecodeLikeTheCodablePath() throws {
        let members: [(String, String)] = [
            ("kind", #""drive#file""#), ("name", #""n""#), ("size", #""42""#), ("id", #""i""#),
            ("mimeType", #""text/plain""#), ("starred", "true"), ("unknownKey", "[1, {}]"),
            ("createdTime", #""2024-05-01T12:30:45.5Z""#), ("trashed", "false"), ("parents", #"["a", "b"]"#),
        ]
        // Rotations, reversals and gaps, so consecutive objects rarely share an order.
        let orders = (0..<40).map { index in
            var order = Array(members[(index % members.count)...] + members[..<(index % members.count)])
            if index % 3 == 1 { order.reverse() }
            let removed = index % 4 == 2 ? order.remove(at: index % order.count).0 : nil
            return (order, removed)
        }
        let files = orders.map { order, _ in "{" + order.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}" }
        let json = Data(#"{"files": ["#.utf8 + Data(files.joined(separator: ", ").utf8) + Data("]}".utf8))
        let viaFast = try Self.fast.decode(Drive.FileList.self, from: json)
        #expect(viaFast == (try Self.codable.decode(Drive.FileList.self, from: json)))
        let decoded = try #require(viaFast.files)
        #expect(decoded.count == 40)
        for (index, file) in decoded.enumerated() {
            let removed = orders[index].1
            #expect(file.kind == (removed == "kind" ? nil : "drive#file"), "\(index)")
            #expect(file.name == (removed == "name" ? nil : "n"), "\(index)")
            #expect(file.size == (removed == "size" ? nil : 42), "\(index)")
            #expect(file.id == (removed == "id" ? nil : "i"), "\(index)")
            #expect(file.mimeType == (removed == "mimeType" ? nil : "text/plain"), "\(index)")
            #expect(file.starred == (removed == "starred" ? nil : true), "\(index)")
            #expect(file.trashed == (removed == "trashed" ? nil : false), "\(index)")
            #expect(file.parents == (removed == "parents" ? nil : ["a", "b"]), "\(index)")
            #expect(file.createdTime == (removed == "createdTime" ? nil : Date(timeIntervalSince1970: 1_714_566_645.5)), "\(index)")
        }
    }

    /// Strings without escapes or non-ASCII bytes are built straight from the input (inline up
    /// to 15 bytes); the rest are validated and unescaped. Both must give the same text.
    @Test(arguments: [
        ("", ""), ("a", "a"), ("fifteen-bytes!!", "fifteen-bytes!!"), ("sixteen-bytes!!!", "sixteen-bytes!!!"),
        (String(repeating: "long ascii ", count: 30), String(repeating: "long ascii ", count: 30)),
        (#"tab\tquote\"slash\/"#, "tab\tquote\"slash/"), (#"\u00e9t\u00e9"#, "été"), ("été", "été"),
        (String(repeating: "é", count: 40), String(repeating: "é", count: 40)), (#"\ud83d\ude00 \u0041"#, "😀 A"),
    ])
    func stringsOfEveryShape(escapedJSON: String, expected: String) throws {
        let json = Data(#"{"files": [{"name": "\#(escapedJSON)", "parents": ["\#(escapedJSON)", "x"]}]}"#.utf8)
        let file = try #require(try Self.fast.decode(Drive.FileList.self, from: json).files?.first)
        #expect(file.name == expected)
        #expect(file.parents == [expected, "x"])
        #expect(try Self.codable.decode(Drive.FileList.self, from: json).files?.first == file)
    }

    /// Invalid UTF-8 (which the parser only flags as non-ASCII) is an error naming the member,
    /// short or long, escaped or not, in a property or an array element.
    @Test(arguments: [
        (#"{"files": [{"id": "a"}, {"name": "ab~"}]}"#, "files[1].name"),
        (#"{"files": [{"name": "\#(String(repeating: "x", count: 40))~"}]}"#, "files[0].name"),
        (#"{"files": [{"name": "\n~"}]}"#, "files[0].name"),
        (#"{"files": [{"parents": ["ok", "~"]}]}"#, "files[0].parents[1]"),
    ])
    func invalidUTF8InStringsIsATypedError(template: String, path: String) throws {
        // "~" stands for the byte 0xFF, which no UTF-8 text contains.
        let bytes = Array(template.utf8).map { $0 == UInt8(ascii: "~") ? 0xFF : $0 }
        let error = try #require(throws: GoogleJSONDecodingError.self) {
            try Self.fast.decode(Drive.FileList.self, from: Data(bytes))
        }
        #expect(error.kind == .invalidFormat)
        #expect(error.path == path)
    }

    /// Nested structs are optional storage inside the parent: absent and null both leave
    /// `nil`, present ones decode, and an empty object is a value with every member `nil`.
    @Test func nestedStructsAbsentNullEmptyAndPresent() throws {
        let json = Data(
            #"""
            {"files": [{"id": "absent"}, {"id": "null", "capabilities": null, "imageMediaMetadata": null},
                       {"id": "empty", "capabilities": {}, "imageMediaMetadata": {}},
                       {"id": "present", "capabilities": {"canEdit": true}, "imageMediaMetadata": {"width": 7, "location": {"altitude": 1.5}}}]}
            """#.utf8)
        let files = try #require(try Self.fast.decode(Drive.FileList.self, from: json).files)
        #expect(files.map(\.id) == ["absent", "null", "empty", "present"])
        #expect(files[0].capabilities == nil && files[0].imageMediaMetadata == nil)
        #expect(files[1].capabilities == nil && files[1].imageMediaMetadata == nil)
        #expect(files[2].capabilities == Drive.File.Capabilities())
        #expect(files[2].imageMediaMetadata == Drive.File.ImageMediaMetadata())
        #expect(files[3].capabilities?.canEdit == true && files[3].capabilities?.canCopy == nil)
        #expect(files[3].imageMediaMetadata?.width == 7)
        #expect(files[3].imageMediaMetadata?.location?.altitude == 1.5)
        #expect(try Self.codable.decode(Drive.FileList.self, from: json).files == files)
    }
}
