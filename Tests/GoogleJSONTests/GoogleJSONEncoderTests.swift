import Foundation
import Testing

@testable import GoogleJSON

@Suite("GoogleJSONEncoder and round trips")
struct GoogleJSONEncoderTests {
    let encoder = GoogleJSONEncoder(sortsKeys: true)
    let decoder = GoogleJSONDecoder()

    @Test func fileListRoundTripsExactly() throws {
        let page = try decoder.decode(TestFileList.self, from: DriveFixtures.fileListJSON(count: 7))
        let again = try decoder.decode(TestFileList.self, from: try GoogleJSONEncoder().encode(page))
        #expect(again == page)
        let foundation = try JSONDecoder().decode(JSONValue.self, from: try GoogleJSONEncoder().encode(page))
        #expect(foundation["files"]?[2]?["size"] == "3145728")
    }

    @Test func int64AndUInt64EdgeValuesRoundTrip() throws {
        struct Holder: Codable, Equatable {
            var signed: [GoogleInt64]
            var unsigned: [GoogleUInt64]
        }
        let holder = Holder(signed: [.init(.min), .init(.max), .init(0), .init(-1)], unsigned: [.init(.max), .init(0)])
        let data = try encoder.encode(holder)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"signed":["-9223372036854775808","9223372036854775807","0","-1"],"unsigned":["18446744073709551615","0"]}"#)
        #expect(try decoder.decode(Holder.self, from: data) == holder)
    }

    @Test func bytesEncodeAsStandardBase64AndRoundTrip() throws {
        let payload = GoogleBytes(Data((0...255).map { UInt8($0) }))
        let data = try encoder.encode([payload])
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("[\"AAECAwQF"))
        #expect(try decoder.decode([GoogleBytes].self, from: data) == [payload])
    }

    @Test func stringsAreEscaped() throws {
        let text = "quote\" backslash\\ newline\n tab\t nul\u{0} bell\u{7} é 😀"
        let data = try encoder.encode([text])
        #expect(String(decoding: data, as: UTF8.self) == #"["quote\" backslash\\ newline\n tab\t nul\u0000 bell\u0007 é 😀"]"#)
        #expect(try decoder.decode([String].self, from: data) == [text])
        #expect(try JSONDecoder().decode([String].self, from: data) == [text])
    }

    @Test func nonFiniteNumbersThrow() throws {
        #expect(throws: EncodingError.self) { try encoder.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try encoder.encode(["x": Double.infinity]) }
    }

    @Test func numbersRoundTrip() throws {
        let values: [Double] = [0, -0.5, 0.1, 1e-7, 123456789.125, 1.7976931348623157e308, Double.leastNonzeroMagnitude, 42]
        let data = try encoder.encode(values)
        #expect(try decoder.decode([Double].self, from: data) == values)
        let integers: [Int64] = [.min, .max, 0, -1]
        #expect(try decoder.decode([Int64].self, from: try encoder.encode(integers)) == integers)
    }

    @Test func jsonValueRoundTrips() throws {
        let value: JSONValue = ["a": [1, true, nil, "s", ["b": -2.5]], "empty": [:], "list": []]
        #expect(try decoder.decode(JSONValue.self, from: try encoder.encode(value)) == value)
    }

    @Test func nestedAndSuperEncodersWork() throws {
        struct Outer: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONCodingKey.self)
                var nested = container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: JSONCodingKey(stringValue: "n"))
                try nested.encode(1, forKey: JSONCodingKey(stringValue: "x"))
                var list = container.nestedUnkeyedContainer(forKey: JSONCodingKey(stringValue: "l"))
                try list.encode("a")
                try list.encodeNil()
                let sup = container.superEncoder(forKey: JSONCodingKey(stringValue: "s"))
                var single = sup.singleValueContainer()
                try single.encode(true)
            }
        }
        #expect(String(decoding: try encoder.encode(Outer()), as: UTF8.self) == #"{"l":["a",null],"n":{"x":1},"s":true}"#)
    }
}
