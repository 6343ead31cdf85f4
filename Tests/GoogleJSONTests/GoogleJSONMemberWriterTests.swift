import Foundation
import Testing

@_spi(Generated) @testable import GoogleJSON

// MARK: - GoogleJSONMemberWriter

/// Generated `encode(to:)` methods write members by their key-table position through calls
/// that don't throw; the first error comes out of `finish()`.
@Suite struct GoogleJSONMemberWriterTests {
    /// Encodes like a generated type: three members, the middle one optional.
    private struct Model: Encodable {
        static let keys = GoogleJSONKeyTable(["title", "größe", "a-very-long-wire-name-over-fifteen-bytes"])
        var title: String?
        var size: Int64?
        var flags: [Bool]?

        func encode(to encoder: any Encoder) throws {
            var members = GoogleJSONMemberWriter(encoder, keys: Self.keys)
            members.write(title, 0)
            members.write(size, as: GoogleInt64.self, 1)
            members.write(flags, 2)
            try members.finish()
        }
    }

    /// Fails to encode, and counts how many instances were asked to.
    private struct Failing: Encodable {
        struct Refused: Error, Equatable { let index: Int }
        final class Counter: @unchecked Sendable { var calls = 0 }
        let index: Int
        let counter: Counter
        func encode(to encoder: any Encoder) throws {
            counter.calls += 1
            throw Refused(index: index)
        }
    }

    private struct FailingModel: Encodable {
        static let keys = GoogleJSONKeyTable(["first", "second", "third"])
        var counter: Failing.Counter
        func encode(to encoder: any Encoder) throws {
            var members = GoogleJSONMemberWriter(encoder, keys: Self.keys)
            members.write("kept", 0)
            members.write(Failing(index: 1, counter: counter), 1)
            members.write(Failing(index: 2, counter: counter), 2)
            try members.finish()
        }
    }

    @Test func membersAreWrittenUnderTheirTableKeysAndNilIsLeftOut() throws {
        let encoder = GoogleJSONEncoder(sortsKeys: true)
        let full = Model(title: "x", size: 9_007_199_254_740_993, flags: [true, false])
        #expect(
            String(decoding: try encoder.encode(full), as: UTF8.self)
                == #"{"a-very-long-wire-name-over-fifteen-bytes":[true,false],"größe":"9007199254740993","title":"x"}"#)
        #expect(String(decoding: try encoder.encode(Model(size: 1)), as: UTF8.self) == #"{"größe":"1"}"#)
        #expect(String(decoding: try encoder.encode(Model()), as: UTF8.self) == "{}")
        // Foundation's encoder goes through the same calls.
        let foundation = try JSONDecoder().decode([String: JSONValue].self, from: try JSONEncoder().encode(full))
        #expect(foundation["größe"] == "9007199254740993")
    }

    @Test func theFirstErrorIsThrownByFinishAndLaterMembersAreSkipped() throws {
        let counter = Failing.Counter()
        #expect(throws: Failing.Refused(index: 1)) { try GoogleJSONEncoder().encode(FailingModel(counter: counter)) }
        #expect(counter.calls == 1)
        let foundation = Failing.Counter()
        #expect(throws: Failing.Refused(index: 1)) { try JSONEncoder().encode(FailingModel(counter: foundation)) }
        #expect(foundation.calls == 1)
    }

    @Test func keyTablesHandBackEachSpelling() {
        let keys = ["", "a", "größe", "a-very-long-wire-name-over-fifteen-bytes", "😀"]
        let table = GoogleJSONKeyTable(keys)
        #expect((0..<keys.count).map(table.key(at:)) == keys)
    }
}
