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

// MARK: - RFC 3339

enum RFC3339 {
    /// `2024-01-02T03:04:05.678Z`, the form Google APIs return.
    static func string(from date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds / 1000
        let fraction = Int(milliseconds - seconds * 1000)
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), fraction)
    }

    /// Parses RFC 3339 timestamps with or without fractional seconds, `Z` or an offset.
    static func date(from text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

// MARK: - PageToken

/// Opaque page tokens: an offset bound to the list it came from, so a token from one query is
/// rejected by another.
enum PageToken {
    static func make(offset: Int, scope: String) -> String {
        Data("\(offset)|\(scope)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func offset(from token: String, scope: String) -> Int? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
            let bar = text.firstIndex(of: "|"), let offset = Int(text[..<bar]), offset >= 0,
            text[text.index(after: bar)...] == scope
        else { return nil }
        return offset
    }
}
