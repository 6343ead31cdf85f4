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
        keys += ["canMoveChildrenOutOfDrive", "canMoveChildrenWithinDrive", "canMoveChildrenOutOfTeamDrive",
                 "modifiedTime", "modifiedByMeTime", "viewedByMeTime", "sharedWithMeTime", "sha1Checksum", "sha256Checksum"]
        let table = GoogleJSONKeyTable(keys)
        for (position, key) in keys.enumerated() {
            #expect(Self.index(table, key) == position, "\(key)")
        }
        let strangers = ["b", "abce", "abcdefgi", "abcdefghj", "Kind", "kind ", " kind", "canMoveItemqOutOfDrive",
                         "canMoveItemaOutOfDrivE", "canMoveItemaOutOfDriv", "sha2Checksum", "modifiedTimes", "e", "ключи"]
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
}
