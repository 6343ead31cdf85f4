import Foundation

// MARK: - MD5

/// Incremental MD5 (RFC 1321), for Drive's `md5Checksum`. Not for security: Drive reports it as a
/// content fingerprint and clients verify downloads against it.
struct MD5 {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) * 2^32)
    private static let constants: [UInt32] = (0..<64).map { UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296)) }

    mutating func update(_ data: Data) {
        totalBytes &+= UInt64(data.count)
        data.withUnsafeBytes { raw in
            var bytes = raw.bindMemory(to: UInt8.self)[...]
            // Complete a partial block first, then hash whole blocks straight from the input.
            if !pending.isEmpty {
                let needed = min(64 - pending.count, bytes.count)
                pending.append(contentsOf: bytes.prefix(needed))
                bytes = bytes.dropFirst(needed)
                if pending.count == 64 {
                    pending.withUnsafeBufferPointer { processBlock(UnsafeRawPointer($0.baseAddress!)) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            while bytes.count >= 64 {
                processBlock(UnsafeRawPointer(raw.baseAddress! + bytes.startIndex))
                bytes = bytes.dropFirst(64)
            }
            pending.append(contentsOf: bytes)
        }
    }

    /// The digest as 32 lowercase hex characters.
    mutating func finalizeHex() -> String {
        let bitLength = totalBytes &* 8
        var padding: [UInt8] = [0x80]
        while (pending.count + padding.count) % 64 != 56 { padding.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let savedTotal = totalBytes
        update(Data(padding))
        totalBytes = savedTotal
        let words = [state.0, state.1, state.2, state.3]
        return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
            .map { String(format: "%02x", $0) }.joined()
    }

    static func hex(of data: Data) -> String {
        var digest = MD5()
        digest.update(data)
        return digest.finalizeHex()
    }

    private mutating func processBlock(_ block: UnsafeRawPointer) {
        var (a, b, c, d) = state
        for round in 0..<64 {
            var f: UInt32
            let g: Int
            switch round {
            case 0..<16: f = (b & c) | (~b & d); g = round
            case 16..<32: f = (d & b) | (~d & c); g = (5 &* round &+ 1) & 15
            case 32..<48: f = b ^ c ^ d; g = (3 &* round &+ 5) & 15
            default: f = c ^ (b | ~d); g = (7 &* round) & 15
            }
            let word = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: g &* 4, as: UInt32.self))
            f = f &+ a &+ Self.constants[round] &+ word
            a = d
            d = c
            c = b
            let shift = Self.shifts[round]
            b = b &+ ((f << shift) | (f >> (32 &- shift)))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
