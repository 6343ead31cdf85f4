import Foundation
import GoogleBase

// MARK: - Whole seconds

extension OAuthEmulator {
    /// A lifetime as the non-negative whole seconds a token endpoint sends; configured lifetimes
    /// can be anything a test or the command line chose (`1e19`, infinity), so this clamps
    /// instead of trapping like `Int(_:)`.
    static func wholeSeconds(_ seconds: TimeInterval) -> Int {
        ClampedNumber.int(seconds, in: 0...Int.max) ?? 0
    }
}
