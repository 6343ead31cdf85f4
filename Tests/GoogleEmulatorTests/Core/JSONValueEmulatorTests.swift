import Foundation
import GoogleJSON
import Testing

@testable import GoogleEmulator

// MARK: - The emulator's JSON

/// The emulator builds and reads bodies with GoogleJSON's `JSONValue`: stable text (sorted keys),
/// absent fields left out, integers written without a fraction, Google's `int64` strings read.
@Suite("Emulator JSON")
struct JSONValueEmulatorTests {
    @Test func responsesAreStableCompactAndOmitAbsentFields() throws {
        let value = JSONValue.compactObject([
            ("kind", .string("drive#file")), ("size", nil), ("b", .integer(Int64(1) << 40)),
            ("a", .members([("z", .integer(90)), ("y", "<tag> \"q\"\n")])), ("list", [true, .null]),
        ])
        let text = String(decoding: value.serialized, as: UTF8.self)
        #expect(text == #"{"a":{"y":"<tag> \"q\"\n","z":90},"b":1099511627776,"kind":"drive#file","list":[true,null]}"#)
        #expect(JSONValue.parse(value.serialized) == value)
        #expect(JSONValue.number(.nan).serialized == Data("null".utf8))
    }

    @Test func readsRequestBodies() throws {
        let body = try #require(JSONValue.parse(Data(#"{"size":"123","count":7,"half":1.5,"items":[1],"obj":{}}"#.utf8)))
        #expect(body["size"]?.int64Value == 123)
        #expect(body["count"]?.int64Value == 7)
        #expect(body["half"]?.int64Value == nil)
        #expect(body["items"]?.arrayValue == [1])
        #expect(body["obj"]?.isObject == true && body["items"]?.isObject == false)
        #expect(JSONValue.parse(Data("{".utf8)) == nil)
    }
}
