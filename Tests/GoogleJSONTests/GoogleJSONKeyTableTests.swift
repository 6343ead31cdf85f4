import Foundation
import Testing

@testable import GoogleJSON

// MARK: - GoogleJSONKeyTable

/// The table hashes only a key's length and its first and last words, and compares words:
/// keys that differ only in the middle, at either end, in length, or below 4 and 8 bytes
/// must still be told apart, and nothing that is not a key may match.
@Suite("GoogleJSONKeyTable")
struct GoogleJSONKeyTableTests {
    private static func index(_ table: GoogleJSONKeyTable, _ key: String) -> Int? {
        var key = key
        return key.withUTF8 { table.index(of: UnsafeRawBufferPointer($0)) }
    }

    @Test func findsEveryKeyAndNothingElse() {
        var keys = ["", "a", "ab", "abc", "abcd", "abcde", "abcdefg", "abcdefgh", "abcdefghi", "é", "ключ", "id", "kind"]
        // Same length, same first and last 8 bytes, one middle byte different.
        for middle in "abcdefghijklmnop" { keys.append("canMoveItem\(middle)OutOfDrive") }
        // Google-style names sharing long prefixes and suffixes.
        keys += [
            "canMoveChildrenOutOfDrive", "canMoveChildrenWithinDrive", "canMoveChildrenOutOfTeamDrive",
            "modifiedTime", "modifiedByMeTime", "viewedByMeTime", "sharedWithMeTime", "sha1Checksum", "sha256Checksum",
        ]
        let table = GoogleJSONKeyTable(keys)
        for (position, key) in keys.enumerated() {
            #expect(Self.index(table, key) == position, "\(key)")
        }
        let strangers = [
            "b", "abce", "abcdefgi", "abcdefghj", "Kind", "kind ", " kind", "canMoveItemqOutOfDrive",
            "canMoveItemaOutOfDrivE", "canMoveItemaOutOfDriv", "sha2Checksum", "modifiedTimes", "e", "ключи",
        ]
        for key in strangers {
            #expect(Self.index(table, key) == nil, "\(key)")
        }
    }

    @Test func tableFullOfKeysStillEndsMisses() {
        let keys = (0..<100).map { "property\($0)" }
        let table = GoogleJSONKeyTable(keys)
        for (position, key) in keys.enumerated() { #expect(Self.index(table, key) == position) }
        for index in 100..<300 { #expect(Self.index(table, "property\(index)") == nil) }
        #expect(Self.index(GoogleJSONKeyTable([]), "") == nil)
        #expect(Self.index(GoogleJSONKeyTable([]), "x") == nil)
    }

    /// The table tries the key that followed the previous one last time before hashing: a
    /// right guess, a wrong guess of the same length, a guess after an unknown key and the
    /// first key of an object must all give the true position.
    @Test func guessesFromThePreviousOrderButNeverTrustsTheGuess() {
        let keys = ["kind", "name", "size", "id", "mimeType", "createdTime", "modifiedTime"]
        let table = GoogleJSONKeyTable(keys)
        let orders = [
            ["kind", "name", "size", "id"], ["kind", "size", "name", "id"], ["name", "kind", "id", "size"],
            ["kind", "name", "size", "id"], ["modifiedTime", "createdTime", "mimeType"], ["createdTime", "modifiedTime"],
            ["kind", "nope", "name", "Size", "size"],
        ]
        for _ in 0..<3 {
            for order in orders {
                var previous = table.keyCount
                for key in order {
                    let found = Self.position(table, key, after: previous)
                    #expect(found == (keys.firstIndex(of: key) ?? -1), "\(key) in \(order)")
                    if found >= 0 { previous = found }
                }
            }
        }
    }

    /// Many threads share one table (a generated type's `static let`) and update its guesses
    /// concurrently; every answer stays right.
    @Test func guessesAreSafeToShareBetweenThreads() async {
        let keys = (0..<24).map { "property\($0)" }
        let table = GoogleJSONKeyTable(keys)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var allRight = true
                    for round in 0..<300 {
                        var previous = table.keyCount
                        for step in 0..<keys.count {
                            let index = (step * (task + 1) + round) % keys.count
                            let found = Self.position(table, keys[index], after: previous)
                            allRight = allRight && found == index
                            previous = found
                        }
                    }
                    return allRight
                }
            }
            for await allRight in group { #expect(allRight) }
        }
    }

    private static func position(_ table: GoogleJSONKeyTable, _ key: String, after previous: Int) -> Int {
        var key = key
        return key.withUTF8 { table.position(of: UnsafeRawPointer($0.baseAddress!), count: $0.count, after: previous) }
    }
}
