import Foundation
import Testing

@_spi(Generated) @testable import GoogleJSON

// MARK: - Scalar member decoders

/// The scalar member decoders generated types call (`decodeInt32(into:of:)`, ...), which read the
/// document through the object's `json` rather than through a value reference: each format's value,
/// `null` as an absent member, and a wrong value as a typed error naming the member's path.
@Suite struct GoogleJSONMembersScalarsTests {
    /// A type decoding every scalar format the way generated code does.
    struct Scalars: GoogleJSONFastDecodable {
        var int32: Int32?
        var uint32: UInt32?
        var int64: Int64?
        var uint64: UInt64?
        var date: Date?
        var bytes: Data?
        var nested: [Scalars]?
        static let keys = GoogleJSONKeyTable(["int32", "uint32", "int64", "uint64", "date", "bytes", "nested"])

        init(googleJSON json: GoogleJSONValueRef) throws {
            var members = try json.members(Self.keys)
            while let key = try members.nextKey() {
                switch key {
                case 0: try members.decodeInt32(into: &int32, of: json)
                case 1: try members.decodeUInt32(into: &uint32, of: json)
                case 2: try members.decodeGoogleInt64(into: &int64, of: json)
                case 3: try members.decodeGoogleUInt64(into: &uint64, of: json)
                case 4: try members.decodeGoogleDate(into: &date, of: json)
                case 5: try members.decodeGoogleBytes(into: &bytes, of: json)
                case 6: nested = try json[members].decode([Scalars].self)
                default: break
                }
            }
        }
    }

    @Test func everyFormatDecodesIntoItsMember() throws {
        let json = Data(
            #"""
            {"int32": -2147483648, "uint32": 4294967295, "int64": "-9223372036854775808",
             "uint64": "18446744073709551615", "date": "2024-03-01T10:15:30.250Z", "bytes": "aGk=",
             "nested": [{"int64": "7", "date": "2024-03-01T11:15:30+01:00"}, {"uint32": 1}]}
            """#.utf8)
        let value = try GoogleJSONDecoder().decode(Scalars.self, from: json)
        #expect(value.int32 == .min)
        #expect(value.uint32 == .max)
        #expect(value.int64 == .min)
        #expect(value.uint64 == .max)
        #expect(value.date == Date(timeIntervalSince1970: 1_709_288_130.25))
        #expect(value.bytes == Data("hi".utf8))
        #expect(value.nested?.count == 2)
        #expect(value.nested?.first?.int64 == 7)
        #expect(value.nested?.first?.date == Date(timeIntervalSince1970: 1_709_288_130))
        #expect(value.nested?.last?.uint32 == 1)
    }

    @Test func nullMembersStayAbsent() throws {
        let json = Data(#"{"int32": null, "int64": null, "date": null, "bytes": null, "uint64": "3"}"#.utf8)
        let value = try GoogleJSONDecoder().decode(Scalars.self, from: json)
        #expect(value.int32 == nil && value.int64 == nil && value.date == nil && value.bytes == nil)
        #expect(value.uint64 == 3)
    }

    @Test(arguments: [
        (#"{"int32": 2147483648}"#, "int32", GoogleJSONDecodingError.Kind.numberOutOfRange),
        (#"{"uint32": -1}"#, "uint32", .numberOutOfRange),
        (#"{"int64": "12x"}"#, "int64", .invalidFormat),
        (#"{"nested": [{}, {"date": "2024-13-01T00:00:00Z"}]}"#, "nested[1].date", .invalidFormat),
        (#"{"date": 12.5, "bytes": "***"}"#, "bytes", .invalidFormat),
        (#"{"uint64": true}"#, "uint64", .typeMismatch),
    ])
    func aBadValueIsATypedErrorAtItsPath(json: String, path: String, kind: GoogleJSONDecodingError.Kind) throws {
        let error = try #require(throws: GoogleJSONDecodingError.self) {
            try GoogleJSONDecoder().decode(Scalars.self, from: Data(json.utf8))
        }
        #expect(error.path == path, "\(error)")
        #expect(error.kind == kind, "\(error)")
    }
}
