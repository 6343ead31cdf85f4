import Foundation

// MARK: - PatternData

/// Test payloads in which no two blocks are alike, made cheaply: one random block, each copy
/// stamped with its index in its first 8 bytes (byte-by-byte randomness would hold a cooperative
/// thread for seconds in a debug build).
public enum PatternData {
    /// `size` bytes made of `blockSize`-byte blocks (a multiple of 8), no two alike.
    public static func make(size: Int, blockSize: Int = 256 * 1024) -> Data {
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(max(blockSize, 8) / 8)).map { _ in generator.next() as UInt64 }
        var block = words.withUnsafeBytes { Data($0) }
        var data = Data(capacity: size)
        var stamp: UInt64 = 0
        while data.count < size {
            withUnsafeBytes(of: stamp) { block.replaceSubrange(0..<8, with: $0) }
            data.append(block.prefix(size - data.count))
            stamp += 1
        }
        return data
    }
}
