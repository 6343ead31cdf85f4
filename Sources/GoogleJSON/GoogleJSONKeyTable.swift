import Foundation
import Synchronization

// MARK: - GoogleJSONKeyTable

/// The wire names of one generated type's properties, looked up by their raw UTF-8 bytes.
///
/// Generated ``GoogleJSONFastDecodable`` initializers switch on the position a member's key has
/// in this table, so matching a key costs one hash and one byte comparison instead of building
/// a `String` and a chain of string comparisons. Built once per type (a `static let`).
///
/// Matching keys was the largest single cost of decoding a Drive `File` after the values
/// themselves, so the table is flat raw memory: each slot carries its key's length and offset
/// (a mismatch usually costs one load and one compare), and the hash reads whole words.
///
/// Objects of one type usually list their members in the same order (every `File` of a
/// page does), so the table also remembers which key followed each key last time and tries
/// that one first: when the guess is right a lookup is one length and word comparison, with
/// no hashing. A wrong guess costs that comparison and falls back to the hash.
public final class GoogleJSONKeyTable: @unchecked Sendable {
    // @unchecked: `spellings`, `slots` and `entries` are written only in `init` and freed only
    // in `deinit`; `successors` is shared between threads, so it is read and written only
    // atomically (relaxed: a stale guess is merely checked and corrected).

    @usableFromInline
    struct Slot {
        /// Key index + 1; 0 when the slot is empty.
        @usableFromInline var entry: Int32
        @usableFromInline var length: Int32
        @usableFromInline var offset: Int

    }

    @usableFromInline let spellings: UnsafeMutablePointer<UInt8>
    private let slots: UnsafeMutablePointer<Slot>
    private let mask: Int
    /// Each key's slot contents, by key index (the guess is checked against these).
    @usableFromInline let entries: UnsafeMutablePointer<Slot>
    /// For each key index, and at `keyCount` for the start of an object: the key index seen
    /// after it last time, or -1.
    @usableFromInline let successors: UnsafeMutablePointer<Atomic<Int32>>
    /// The number of keys; ``GoogleJSONMembers`` starts each object at this position.
    @usableFromInline let keyCount: Int
    /// The wire names as given (string literals in generated code, so nothing is copied):
    /// ``key(at:)`` hands them out without building a string per member encoded.
    private let keys: [String]

    /// - Parameter keys: The wire names, in the order the generated `switch` numbers them.
    public init(_ keys: [String]) {
        var bytes: [UInt8] = []
        var offsets: [Int] = []
        for key in keys {
            offsets.append(bytes.count)
            bytes.append(contentsOf: key.utf8)
        }
        spellings = .allocate(capacity: max(bytes.count, 1))
        spellings.initialize(from: bytes, count: bytes.count)
        var capacity = 8
        while capacity < keys.count * 2 { capacity <<= 1 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(entry: 0, length: 0, offset: 0), count: capacity)
        mask = capacity - 1
        keyCount = keys.count
        self.keys = keys
        entries = .allocate(capacity: max(keys.count, 1))
        successors = .allocate(capacity: keys.count + 1)
        for position in 0...keys.count { (successors + position).initialize(to: Atomic(-1)) }
        for (position, key) in keys.enumerated() {
            let length = key.utf8.count
            var slot = Self.hash(UnsafeRawPointer(spellings + offsets[position]), length) & mask
            while slots[slot].entry != 0 { slot = (slot + 1) & mask }
            slots[slot] = Slot(entry: Int32(position + 1), length: Int32(length), offset: offsets[position])
            (entries + position).initialize(to: slots[slot])
        }
    }

    deinit {
        spellings.deallocate()
        slots.deallocate()
        entries.deallocate()
        successors.deinitialize(count: keyCount + 1)
        successors.deallocate()
    }

    // MARK: - Lookup

    /// The index of the key spelled by the `count` bytes at `base`, or -1 for a key the type
    /// does not have (`Int`, not `Int?`: this is called for every member decoded).
    /// - Parameter previous: The index of the object's previous known key, or ``keyCount`` for
    ///   its first: the key that followed it last time is tried first.
    @inlinable @inline(__always)
    func position(of base: UnsafeRawPointer, count: Int, after previous: Int) -> Int {
        // The guess is checked inline (in generated member loops, through `nextKey()`): it is
        // right for nearly every member of a page, and the call itself was a visible share.
        let guess = Int(successors[previous].load(ordering: .relaxed))
        if guess >= 0 {
            let entry = entries[guess]
            if Int(entry.length) == count, Self.equal(base, UnsafeRawPointer(spellings + entry.offset), count) {
                return guess
            }
        }
        return position(ofUnexpected: base, count: count, after: previous)
    }

    /// The key the table guesses after `previous` when it is the one spelled by the `count`
    /// bytes at `base`; -1 otherwise (no guess, or a wrong one: look it up).
    @inlinable @inline(__always)
    func guessedPosition(of base: UnsafeRawPointer, count: Int, after previous: Int) -> Int {
        let guess = Int(successors[previous].load(ordering: .relaxed))
        guard guess >= 0 else { return -1 }
        let entry = entries[guess]
        return Int(entry.length) == count && Self.equal(base, UnsafeRawPointer(spellings + entry.offset), count) ? guess : -1
    }

    /// ``position(of:count:after:)`` when the guess was wrong: hashes, and remembers the key.
    @usableFromInline
    func position(ofUnexpected base: UnsafeRawPointer, count: Int, after previous: Int) -> Int {
        guard let found = lookup(base, count) else { return -1 }
        successors[previous].store(Int32(found), ordering: .relaxed)
        return found
    }

    /// The position of `key` in the table, or -1 for a key it does not have (the first position
    /// when a key is listed twice): what a generated enum's `init(rawValue:)` switches on, an
    /// integer `switch` being far cheaper to compile than one over strings.
    /// - Parameter key: A wire value.
    @_spi(Generated)
    public func position(of key: String) -> Int {
        var key = key
        return key.withUTF8 { index(of: UnsafeRawBufferPointer($0)) } ?? -1
    }

    /// The wire name at `position`: what a generated `encode(to:)` writes its members under.
    /// - Parameter position: A position below ``keyCount``.
    @_spi(Generated)
    public func key(at position: Int) -> String {
        keys[position]
    }

    /// The index of the key spelled `bytes`, or `nil` for a key the type does not have.
    @inline(__always)
    func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return lookup(UnsafeRawPointer(spellings), 0) }
        return lookup(base, count)
    }

    @inline(__always)
    private func lookup(_ base: UnsafeRawPointer, _ count: Int) -> Int? {
        var slot = Self.hash(base, count) & mask
        while true {
            let candidate = slots[slot]
            if candidate.entry == 0 { return nil }
            if Int(candidate.length) == count, Self.equal(base, UnsafeRawPointer(spellings + candidate.offset), count) {
                return Int(candidate.entry) - 1
            }
            slot = (slot + 1) & mask
        }
    }

    // MARK: - Hashing and comparing

    /// Mixes the length with the first and last (up to) eight bytes: Google's property names
    /// of one type differ there, and a rare collision only costs a probe.
    @inline(__always)
    static func hash(_ base: UnsafeRawPointer, _ count: Int) -> Int {
        var value = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if count >= 8 {
            value ^= base.loadUnaligned(as: UInt64.self)
            value = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
            value ^= (base + count - 8).loadUnaligned(as: UInt64.self)
        } else if count >= 4 {
            let head = UInt64(base.loadUnaligned(as: UInt32.self))
            let tail = UInt64((base + count - 4).loadUnaligned(as: UInt32.self))
            value ^= head | tail << 32
        } else {
            for offset in 0..<count { value = (value ^ UInt64(base.load(fromByteOffset: offset, as: UInt8.self))) &* 0x100_0000_01B3 }
        }
        value = (value ^ (value >> 31)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: value ^ (value >> 32))
    }

    /// Byte equality of two `count`-byte ranges, a word at a time (the last word overlaps).
    @inlinable @inline(__always)
    static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, _ count: Int) -> Bool {
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                {
                    return false
                }
                offset += 8
            }
            return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for offset in 0..<count
        where left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
            return false
        }
        return true
    }
}
