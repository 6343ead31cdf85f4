import Foundation

// MARK: - ContentMD5

/// Incremental MD5 (RFC 1321), for Drive's `md5Checksum`. Not for security: Drive reports it as a
/// content fingerprint and clients verify transfers against it. `package`, not public: a public
/// `MD5` would collide with other libraries' names in every module that imports this one.
package struct ContentMD5 {
    package init() {}

    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    private var pending: [UInt8] = []
    private var totalBytes: UInt64 = 0

    package mutating func update(_ data: Data) {
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
    package mutating func finalizeHex() -> String {
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

    package static func hex(of data: Data) -> String {
        var digest = ContentMD5()
        digest.update(data)
        return digest.finalizeHex()
    }

    /// Unrolled so that debug builds (which tests use) hash at a usable speed.
    private mutating func processBlock(_ block: UnsafeRawPointer) {
        var x = (
            UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0),
            UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0), UInt32(0)
        )
        withUnsafeMutableBytes(of: &x) { words in words.copyMemory(from: UnsafeRawBufferPointer(start: block, count: 64)) }
        #if _endian(big)
        x = (
            x.0.byteSwapped, x.1.byteSwapped, x.2.byteSwapped, x.3.byteSwapped, x.4.byteSwapped, x.5.byteSwapped,
            x.6.byteSwapped, x.7.byteSwapped, x.8.byteSwapped, x.9.byteSwapped, x.10.byteSwapped, x.11.byteSwapped,
            x.12.byteSwapped, x.13.byteSwapped, x.14.byteSwapped, x.15.byteSwapped
        )
        #endif
        var (a, b, c, d) = state
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x.0 &+ 0xd76a_a478, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x.1 &+ 0xe8c7_b756, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x.2 &+ 0x2420_70db, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x.3 &+ 0xc1bd_ceee, 22)
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x.4 &+ 0xf57c_0faf, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x.5 &+ 0x4787_c62a, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x.6 &+ 0xa830_4613, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x.7 &+ 0xfd46_9501, 22)
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x.8 &+ 0x6980_98d8, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x.9 &+ 0x8b44_f7af, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x.10 &+ 0xffff_5bb1, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x.11 &+ 0x895c_d7be, 22)
        a = b &+ rotate(a &+ ((b & c) | (~b & d)) &+ x.12 &+ 0x6b90_1122, 7)
        d = a &+ rotate(d &+ ((a & b) | (~a & c)) &+ x.13 &+ 0xfd98_7193, 12)
        c = d &+ rotate(c &+ ((d & a) | (~d & b)) &+ x.14 &+ 0xa679_438e, 17)
        b = c &+ rotate(b &+ ((c & d) | (~c & a)) &+ x.15 &+ 0x49b4_0821, 22)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x.1 &+ 0xf61e_2562, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x.6 &+ 0xc040_b340, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x.11 &+ 0x265e_5a51, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x.0 &+ 0xe9b6_c7aa, 20)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x.5 &+ 0xd62f_105d, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x.10 &+ 0x0244_1453, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x.15 &+ 0xd8a1_e681, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x.4 &+ 0xe7d3_fbc8, 20)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x.9 &+ 0x21e1_cde6, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x.14 &+ 0xc337_07d6, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x.3 &+ 0xf4d5_0d87, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x.8 &+ 0x455a_14ed, 20)
        a = b &+ rotate(a &+ ((d & b) | (~d & c)) &+ x.13 &+ 0xa9e3_e905, 5)
        d = a &+ rotate(d &+ ((c & a) | (~c & b)) &+ x.2 &+ 0xfcef_a3f8, 9)
        c = d &+ rotate(c &+ ((b & d) | (~b & a)) &+ x.7 &+ 0x676f_02d9, 14)
        b = c &+ rotate(b &+ ((a & c) | (~a & d)) &+ x.12 &+ 0x8d2a_4c8a, 20)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x.5 &+ 0xfffa_3942, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x.8 &+ 0x8771_f681, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x.11 &+ 0x6d9d_6122, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x.14 &+ 0xfde5_380c, 23)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x.1 &+ 0xa4be_ea44, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x.4 &+ 0x4bde_cfa9, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x.7 &+ 0xf6bb_4b60, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x.10 &+ 0xbebf_bc70, 23)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x.13 &+ 0x289b_7ec6, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x.0 &+ 0xeaa1_27fa, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x.3 &+ 0xd4ef_3085, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x.6 &+ 0x0488_1d05, 23)
        a = b &+ rotate(a &+ (b ^ c ^ d) &+ x.9 &+ 0xd9d4_d039, 4)
        d = a &+ rotate(d &+ (a ^ b ^ c) &+ x.12 &+ 0xe6db_99e5, 11)
        c = d &+ rotate(c &+ (d ^ a ^ b) &+ x.15 &+ 0x1fa2_7cf8, 16)
        b = c &+ rotate(b &+ (c ^ d ^ a) &+ x.2 &+ 0xc4ac_5665, 23)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x.0 &+ 0xf429_2244, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x.7 &+ 0x432a_ff97, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x.14 &+ 0xab94_23a7, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x.5 &+ 0xfc93_a039, 21)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x.12 &+ 0x655b_59c3, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x.3 &+ 0x8f0c_cc92, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x.10 &+ 0xffef_f47d, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x.1 &+ 0x8584_5dd1, 21)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x.8 &+ 0x6fa8_7e4f, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x.15 &+ 0xfe2c_e6e0, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x.6 &+ 0xa301_4314, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x.13 &+ 0x4e08_11a1, 21)
        a = b &+ rotate(a &+ (c ^ (b | ~d)) &+ x.4 &+ 0xf753_7e82, 6)
        d = a &+ rotate(d &+ (b ^ (a | ~c)) &+ x.11 &+ 0xbd3a_f235, 10)
        c = d &+ rotate(c &+ (a ^ (d | ~b)) &+ x.2 &+ 0x2ad7_d2bb, 15)
        b = c &+ rotate(b &+ (d ^ (c | ~a)) &+ x.9 &+ 0xeb86_d391, 21)
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }

    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 &- count))
    }
}
