import Foundation
import GoogleBase
import GoogleHTTPTypes

// MARK: - ClockCheck

/// Names this machine's clock when an answer points at it: a JWT grant refused for its `iat` or
/// `exp` (Google: "Invalid JWT: Token must be a short-lived token … Check your iat and exp
/// values"), or a token that had expired when it arrived. The server's `Date` header, when sent,
/// shows by how much the clocks differ.
enum ClockCheck {
    /// Whether an `invalid_grant` description speaks of the JWT's time claims.
    static func blamesTime(_ description: String) -> Bool {
        let words = Set(description.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" }))
        return words.contains("iat") || words.contains("exp") || words.contains("short-lived")
    }

    /// Seconds this machine's clock (`now`) is ahead of the server's `Date` (negative: behind),
    /// or `nil` without a usable header.
    static func skew(_ response: GoogleHTTPResponse, now: Date) -> TimeInterval? {
        guard let text = response.headers["Date"], let serverDate = HTTPDate.parse(text) else { return nil }
        return now.timeIntervalSince(serverDate)
    }

    /// What to do, with the measured difference when the server sent its `Date`.
    static func remedy(_ response: GoogleHTTPResponse, now: Date) -> String {
        var text = "this machine's clock may be wrong"
        // A few seconds are the answer's own travel time, not a wrong clock.
        if let skew = skew(response, now: now), abs(skew) >= 5 {
            text += ": it is \(describe(abs(skew))) \(skew > 0 ? "ahead of" : "behind") the server's (its Date header)"
        }
        return text + "; set it right (e.g. enable NTP: timedatectl set-ntp true) and try again"
    }

    /// `2 h 5 min`, `3 min 20 s`, `42 s`.
    static func describe(_ seconds: TimeInterval) -> String {
        let total = Int(min(seconds, 1e9).rounded())
        let (days, hours, minutes, rest) = (total / 86_400, total % 86_400 / 3600, total % 3600 / 60, total % 60)
        if days > 0 { return "\(days) d \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes) min" }
        if minutes > 0 { return "\(minutes) min \(rest) s" }
        return "\(rest) s"
    }
}
