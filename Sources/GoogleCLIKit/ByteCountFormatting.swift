// MARK: - Byte counts and durations for people

enum HumanReadable {
    /// `1536` → `1.5 KiB`.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : "\(formatted(value)) \(units[unit])"
    }

    /// `125` seconds → `2m05s`.
    static func duration(seconds: Double) -> String {
        // Estimates from server-announced totals can be absurd; beyond ~31 years is "unknown".
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return "--" }
        let total = Int(seconds.rounded())
        if total >= 3600 { return "\(total / 3600)h\(twoDigits((total % 3600) / 60))m" }
        if total >= 60 { return "\(total / 60)m\(twoDigits(total % 60))s" }
        return "\(total)s"
    }

    private static func formatted(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
