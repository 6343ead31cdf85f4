import Foundation

// MARK: - TestPattern

/// Deterministic body bytes with a prime period, so misplaced, duplicated or dropped pieces are
/// detected. Produced and checked with memcpy/memcmp, which keeps 256 MiB cheap in debug builds.
enum TestPattern {
    static let period = 65_521

    /// Two periods back to back, so any window of `period` bytes is contiguous.
    private static let doubled: [UInt8] = (0..<(2 * period)).map { index in
        let phase = index % period
        return UInt8(truncatingIfNeeded: phase &* 7 &+ phase >> 8)
    }

    /// Sixteen whole periods (about 1 MiB): starts and ends in phase, so it can be repeated.
    static let sharedBlock = data(offset: 0, count: 16 * period)

    static func data(offset: Int64, count: Int) -> Data {
        var data = Data(count: count)
        data.withUnsafeMutableBytes { output in
            doubled.withUnsafeBytes { source in
                let phase = Int(offset % Int64(period))
                var written = 0
                while written < count {
                    let length = min(count - written, period)
                    (output.baseAddress! + written).copyMemory(from: source.baseAddress! + phase, byteCount: length)
                    written += length
                }
            }
        }
        return data
    }

    /// Whether `bytes` equal the pattern starting at `offset`.
    static func matches(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        doubled.withUnsafeBytes { source in
            let phase = Int(offset % Int64(period))
            var checked = 0
            while checked < bytes.count {
                let length = min(bytes.count - checked, period)
                if memcmp(bytes.baseAddress! + checked, source.baseAddress! + phase, length) != 0 { return false }
                checked += length
            }
            return true
        }
    }

    /// Whether the file holds exactly `count` pattern bytes, read in 4 MiB pieces.
    static func fileMatches(_ url: URL, count: Int64) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var offset: Int64 = 0
        while let piece = try handle.read(upToCount: 4 << 20), !piece.isEmpty {
            guard piece.withUnsafeBytes({ matches($0, at: offset) }) else { return false }
            offset += Int64(piece.count)
        }
        return offset == count
    }
}
