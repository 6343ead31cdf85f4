// MARK: - JSONStringCache

/// The heap strings (16 bytes or more: shorter ones are stored inline in a `String`) one
/// document has produced, so that a value repeated in it — a `mimeType`, `iconLink`, owner or
/// parent folder shared by the files of a page — becomes one `String` retained again rather
/// than another allocation, copy and, when the decoded value goes away, another free.
///
/// Direct-mapped by a hash of the bytes. A slot first remembers only where its last string
/// was; the `String` is kept from the second time the same bytes are seen. So a value seen
/// once (an `id`, a checksum) costs a hash and a comparison, not a retain and a release too.
/// Owned by one ``JSONTape``, which is used by one decode at a time (it is not `Sendable`).
struct JSONStringCache {
    private struct Slot {
        /// Offset of the bytes last seen in this slot; meaningless while `length` is 0.
        var start: UInt32
        /// Their length; 0 for an unused slot (cached strings are never empty).
        var length: UInt32
        /// The string, once those bytes were seen twice.
        var string: String?
    }

    /// Strings shorter than this are small strings, which allocate nothing.
    static let minimumLength = 16
    private static let slotCount = 128
    /// Documents shorter than this get no cache (a token or error response).
    private static let minimumDocumentLength = 2048

    private let slots: UnsafeMutablePointer<Slot>?

    init(documentLength: Int) {
        guard documentLength >= Self.minimumDocumentLength else {
            slots = nil
            return
        }
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(start: 0, length: 0, string: nil), count: Self.slotCount)
        self.slots = slots
    }

    /// Frees the slots (the owning tape's `deinit`).
    func deallocate() {
        guard let slots else { return }
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The string of the `length` valid UTF-8 bytes at `start` in `bytes` (the document), shared
    /// with an earlier equal one when the cache still has it.
    func string(_ bytes: UnsafeMutablePointer<UInt8>, start: Int, length: Int) -> String {
        let base = bytes + start
        guard let slots, length >= Self.minimumLength else {
            return String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
        }
        let slot = slots + (GoogleJSONKeyTable.hash(UnsafeRawPointer(base), length) & (Self.slotCount - 1))
        if Int(slot.pointee.length) == length,
            GoogleJSONKeyTable.equal(UnsafeRawPointer(base), UnsafeRawPointer(bytes + Int(slot.pointee.start)), length)
        {
            if let string = slot.pointee.string { return string }
            let string = String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
            slot.pointee.string = string
            return string
        }
        slot.pointee.start = UInt32(start)
        slot.pointee.length = UInt32(length)
        slot.pointee.string = nil
        return String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
    }
}
