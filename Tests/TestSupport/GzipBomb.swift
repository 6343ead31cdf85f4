import Foundation

// MARK: - GzipBomb

/// A gzip stream that never ends and inflates about 160-fold: spaces (JSON whitespace), made by
/// hand as fixed-Huffman deflate blocks (RFC 1951 §3.2.6) of 258-byte back-references, none of
/// them final. ``header`` and ``firstBlock`` start it; ``block`` repeats forever.
public enum GzipBomb {
    /// The gzip member header (RFC 1952): deflate, no flags, no time, OS Unix.
    public static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]
    /// A block holding one literal space and back-references to it.
    public static let firstBlock = makeBlock(literal: 0x20, references: 6)
    /// A block of back-references only: 1022 × 258 = 263,676 spaces from 1,662 bytes.
    public static let block = makeBlock(literal: nil, references: 1022)
    /// Bytes of output one ``block`` inflates to.
    public static let blockOutput = 1022 * 258

    /// Deflate bits go least significant first; Huffman codes most significant bit first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt8 = 0
        var count = 0

        mutating func put(_ bit: Int) {
            current |= UInt8(bit & 1) << count
            count += 1
            if count == 8 {
                bytes.append(current)
                current = 0
                count = 0
            }
        }

        mutating func value(_ value: Int, bits: Int) { for index in 0..<bits { put(value >> index) } }
        mutating func code(_ code: Int, bits: Int) { for index in (0..<bits).reversed() { put(code >> index) } }
    }

    /// `references` must be 6 more than a multiple of 8, so the block ends on a byte boundary
    /// (3 + 13·k + 7 bits, plus 8 for a literal) and blocks can be concatenated as bytes.
    private static func makeBlock(literal: UInt8?, references: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.value(0, bits: 1)  // BFINAL: not the last block
        writer.value(1, bits: 2)  // BTYPE 01: fixed Huffman codes
        if let literal { writer.code(0x30 + Int(literal), bits: 8) }  // literals 0–143: 8 bits
        for _ in 0..<references {
            writer.code(0xC5, bits: 8)  // length code 285: 258 bytes
            writer.code(0, bits: 5)  // distance code 0: one byte back
        }
        writer.code(0, bits: 7)  // end of block (256)
        precondition(writer.count == 0, "block not byte-aligned")
        return writer.bytes
    }
}
