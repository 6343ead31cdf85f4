import Foundation
import Synchronization

// MARK: - IdentifierGenerator

/// Produces Google-looking identifiers. Seeded generators give the same IDs on every run, so seed
/// data is deterministic; live ones mix in randomness.
final class IdentifierGenerator: Sendable {
    private let state: Mutex<UInt64>
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    init(seed: UInt64) {
        state = Mutex(seed)
    }

    /// A random-seeded generator for objects created at run time.
    static func random() -> IdentifierGenerator {
        var generator = SystemRandomNumberGenerator()
        return IdentifierGenerator(seed: generator.next())
    }

    /// SplitMix64: tiny, fast and good enough for identifiers.
    func nextValue() -> UInt64 {
        state.withLock { value in
            value &+= 0x9E37_79B9_7F4A_7C15
            var mixed = value
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    /// An identifier of `length` URL-safe characters, starting with `prefix`.
    func next(length: Int, prefix: String = "") -> String {
        var result = prefix
        while result.count < length {
            let value = nextValue()
            for shift in stride(from: 0, to: 60, by: 6) where result.count < length {
                result.append(Self.alphabet[Int((value >> UInt64(shift)) & 63)])
            }
        }
        return result
    }
}
