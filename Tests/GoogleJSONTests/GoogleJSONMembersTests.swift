import Foundation
import Testing

@_spi(Generated) @testable import GoogleJSON

// MARK: - GoogleJSONMembers

/// `nextKey()` takes the key table's guess inline and calls out for everything else: whichever
/// way a member is reached (a right guess, a wrong one, the first member, a null, an escaped or
/// unknown key), every object of a document decodes to the same members, in any order.
@Suite struct GoogleJSONMembersTests {
    /// The members `nextKey()` hands out, by wire name, in order, with the nulls it recorded.
    struct Seen: GoogleJSONFastDecodable {
        static let keys = GoogleJSONKeyTable(["kind", "id", "name", "mimeType", "size", "parents"])
        var members: [String] = []
        var nulls: [String] = []

        init(googleJSON json: GoogleJSONValueRef) throws {
            var members = try json.members(Self.keys)
            while let key = try members.nextKey() {
                self.members.append("\(Self.keys.key(at: key))=\(try json[members].enumRawValue())")
            }
            nulls = members.nullMemberNames ?? []
        }

        init(from decoder: any Decoder) throws { preconditionFailure("decoded through init(googleJSON:) only") }
    }

    @Test func everyObjectDecodesTheSameWhicheverWayItsKeysAreFound() throws {
        // The same members again and again (right guesses), then reordered (wrong guesses),
        // with unknown keys between known ones, a null, escaped and non-ASCII spellings of
        // known keys (which never take the inline path) and a key that only shares a prefix.
        let objects = [
            #"{"kind":"drive#file","id":"1","name":"a","mimeType":"text/plain","size":"3"}"#,
            #"{"kind":"drive#file","id":"2","name":"b","mimeType":"text/plain","size":"4"}"#,
            #"{"kind":"drive#file","id":"3","name":"c","mimeType":"text/plain","size":"5"}"#,
            #"{"size":"6","name":"d","kind":"drive#file","id":"4","mimeType":"text/plain"}"#,
            #"{"kind":"drive#file","unknown":true,"id":"5","extra":{"id":"no"},"name":"e"}"#,
            #"{"kind":"drive#file","id":"6","name":null,"mimeType":"text/plain"}"#,
            #"{"kind":"drive#file","\u0069d":"7","n\u0061me":"g","mimeTyp":"x","mimeType":"y"}"#,
            #"{"kind":"drive#file","id":"8","name":"h","mimeType":"text/plain","size":"9"}"#,
        ]
        let expected: [([String], [String])] = [
            (["kind=drive#file", "id=1", "name=a", "mimeType=text/plain", "size=3"], []),
            (["kind=drive#file", "id=2", "name=b", "mimeType=text/plain", "size=4"], []),
            (["kind=drive#file", "id=3", "name=c", "mimeType=text/plain", "size=5"], []),
            (["size=6", "name=d", "kind=drive#file", "id=4", "mimeType=text/plain"], []),
            (["kind=drive#file", "id=5", "name=e"], []),
            (["kind=drive#file", "id=6", "mimeType=text/plain"], ["name"]),
            (["kind=drive#file", "id=7", "name=g", "mimeType=y"], []),
            (["kind=drive#file", "id=8", "name=h", "mimeType=text/plain", "size=9"], []),
        ]
        // Twice: the second pass starts with the guesses the first one left in the shared table.
        for _ in 0..<2 {
            let page = try GoogleJSONDecoder().decode([Seen].self, from: Data("[\(objects.joined(separator: ","))]".utf8))
            #expect(page.map(\.members) == expected.map(\.0))
            #expect(page.map(\.nulls) == expected.map(\.1))
        }
    }

    @Test func aGuessIsOnlyTakenWhenItsBytesMatch() {
        let table = GoogleJSONKeyTable(["kind", "name", "size", "names"])
        func guess(_ key: String, after previous: Int) -> Int {
            var key = key
            return key.withUTF8 { table.guessedPosition(of: UnsafeRawPointer($0.baseAddress!), count: $0.count, after: previous) }
        }
        func look(_ key: String, after previous: Int) -> Int {
            var key = key
            return key.withUTF8 { table.position(of: UnsafeRawPointer($0.baseAddress!), count: $0.count, after: previous) }
        }
        #expect(guess("kind", after: table.keyCount) == -1)  // no guess yet
        #expect(look("kind", after: table.keyCount) == 0)  // remembered as the first key
        #expect(look("name", after: 0) == 1)
        #expect(guess("kind", after: table.keyCount) == 0)
        #expect(guess("name", after: 0) == 1)
        #expect(guess("nama", after: 0) == -1)  // same length, other bytes
        #expect(guess("names", after: 0) == -1)  // the guess's prefix
        #expect(guess("nam", after: 0) == -1)
        #expect(guess("size", after: 0) == -1)  // a known key, but not the one guessed
    }
}
