// MARK: - JSONKeyCache

/// Remembers `Key(stringValue:)` for the key spellings seen during one decode.
///
/// Generated types iterate `allKeys`, and building each key from a `String` means allocating the
/// string and running the synthesized initializer's chain of string comparisons — for every key of
/// every object. A list page repeats the same few dozen keys many times, so an open-addressing
/// table keyed by the raw UTF-8 bytes turns that into a hash and one byte comparison.
///
/// The table lives in raw memory rather than arrays of a generic element: this code runs
/// unspecialized (`Key` comes from another module), where every `[Slot<Key>]` access would look
/// up generic metadata at run time.
final class JSONKeyCache<Key: CodingKey> {
    private var capacity = 64
    private var count = 0
    /// 0 marks an empty slot (stored hashes always have the low bit set).
    private var hashes: UnsafeMutablePointer<UInt64>
    private var starts: UnsafeMutablePointer<Int>
    private var lengths: UnsafeMutablePointer<Int>
    private var hasKey: UnsafeMutablePointer<Bool>
    private var keys: UnsafeMutableRawPointer
    private var spellings: UnsafeMutablePointer<UInt8>
    private var spellingsCount = 0
    private var spellingsCapacity = 1024

    init() {
        hashes = .allocate(capacity: capacity)
        hashes.initialize(repeating: 0, count: capacity)
        starts = .allocate(capacity: capacity)
        lengths = .allocate(capacity: capacity)
        hasKey = .allocate(capacity: capacity)
        keys = .allocate(byteCount: MemoryLayout<Key>.stride * capacity, alignment: MemoryLayout<Key>.alignment)
        spellings = .allocate(capacity: spellingsCapacity)
    }

    deinit {
        for slot in 0..<capacity where hashes[slot] != 0 && hasKey[slot] {
            (keys + slot * MemoryLayout<Key>.stride).assumingMemoryBound(to: Key.self).deinitialize(count: 1)
        }
        hashes.deallocate()
        starts.deallocate()
        lengths.deallocate()
        hasKey.deallocate()
        keys.deallocate()
        spellings.deallocate()
    }

    /// The key for `bytes`, computing it with `make` the first time.
    func key(for bytes: UnsafeRawBufferPointer, make: () -> Key?) -> Key? {
        let hash = Self.hash(bytes)
        var slot = Int(truncatingIfNeeded: hash >> 1) & (capacity - 1)
        while hashes[slot] != 0 {
            if hashes[slot] == hash, lengths[slot] == bytes.count, matches(slot, bytes) {
                return hasKey[slot] ? keyPointer(slot).pointee : nil
            }
            slot = (slot + 1) & (capacity - 1)
        }
        let key = make()
        insert(hash: hash, bytes: bytes, key: key, at: slot)
        if count * 2 > capacity { grow() }
        return key
    }

    // MARK: - Table

    @inline(__always)
    private func keyPointer(_ slot: Int) -> UnsafeMutablePointer<Key> {
        (keys + slot * MemoryLayout<Key>.stride).assumingMemoryBound(to: Key.self)
    }

    private func matches(_ slot: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let stored = spellings + starts[slot]
        var offset = 0
        while offset < bytes.count {
            if stored[offset] != bytes[offset] { return false }
            offset += 1
        }
        return true
    }

    private func insert(hash: UInt64, bytes: UnsafeRawBufferPointer, key: Key?, at slot: Int) {
        if spellingsCount + bytes.count > spellingsCapacity {
            let newCapacity = max(spellingsCapacity * 2, spellingsCount + bytes.count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.initialize(from: spellings, count: spellingsCount)
            spellings.deallocate()
            spellings = grown
            spellingsCapacity = newCapacity
        }
        if let base = bytes.baseAddress {
            (spellings + spellingsCount).initialize(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        hashes[slot] = hash
        starts[slot] = spellingsCount
        lengths[slot] = bytes.count
        spellingsCount += bytes.count
        if let key {
            keyPointer(slot).initialize(to: key)
            hasKey[slot] = true
        } else {
            hasKey[slot] = false
        }
        count += 1
    }

    private func grow() {
        let oldCapacity = capacity
        let oldHashes = hashes
        let oldStarts = starts
        let oldLengths = lengths
        let oldHasKey = hasKey
        let oldKeys = keys
        capacity *= 2
        hashes = .allocate(capacity: capacity)
        hashes.initialize(repeating: 0, count: capacity)
        starts = .allocate(capacity: capacity)
        lengths = .allocate(capacity: capacity)
        hasKey = .allocate(capacity: capacity)
        keys = .allocate(byteCount: MemoryLayout<Key>.stride * capacity, alignment: MemoryLayout<Key>.alignment)
        for old in 0..<oldCapacity where oldHashes[old] != 0 {
            var slot = Int(truncatingIfNeeded: oldHashes[old] >> 1) & (capacity - 1)
            while hashes[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            hashes[slot] = oldHashes[old]
            starts[slot] = oldStarts[old]
            lengths[slot] = oldLengths[old]
            hasKey[slot] = oldHasKey[old]
            if oldHasKey[old] {
                keyPointer(slot).moveInitialize(
                    from: (oldKeys + old * MemoryLayout<Key>.stride).assumingMemoryBound(to: Key.self), count: 1)
            }
        }
        oldHashes.deallocate()
        oldStarts.deallocate()
        oldLengths.deallocate()
        oldHasKey.deallocate()
        oldKeys.deallocate()
    }

    /// FNV-1a with the low bit forced on; keys are short, so this beats setting up a `Hasher`.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash | 1
    }
}
