import Foundation

// MARK: - GoogleJSONKeyTable

/// The wire names of one generated type's properties, looked up by their raw UTF-8 bytes.
///
/// Generated ``GoogleJSONFastDecodable`` initializers switch on the position a member's key has
/// in this table, so matching a key costs one hash and one byte comparison instead of building
/// a `String` and a chain of string comparisons. Built once per type (a `static let`).
public final class GoogleJSONKeyTable: Sendable {
    private let spellings: [UInt8]
    private let starts: [Int]
    /// Open addressing: `slot → key index + 1`, 0 when empty.
    private let slots: [Int32]
    private let mask: Int

    /// - Parameter keys: The wire names, in the order the generated `switch` numbers them.
    public init(_ keys: [String]) {
        var spellings: [UInt8] = []
        var starts: [Int] = [0]
        for key in keys {
            spellings.append(contentsOf: key.utf8)
            starts.append(spellings.count)
        }
        var capacity = 8
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (position, key) in keys.enumerated() {
            let bytes = Array(key.utf8)
            var slot = bytes.withUnsafeBytes { Int(truncatingIfNeeded: Self.hash($0)) } & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(position + 1)
        }
        self.spellings = spellings
        self.starts = starts
        self.slots = slots
        self.mask = capacity - 1
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The index of the key spelled `bytes`, or `nil` for a key the type does not have.
    func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        return spellings.withUnsafeBytes { all -> Int? in
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                let start = starts[entry - 1]
                let count = starts[entry] - start
                if count == bytes.count, count == 0 || memcmp(all.baseAddress! + start, bytes.baseAddress!, count) == 0 {
                    return entry - 1
                }
                slot = (slot + 1) & mask
            }
        }
    }
}
