import Foundation

// MARK: - PacificDay

/// The day YouTube's quota counts in: from midnight to midnight Pacific time, 23 or 25 hours
/// long on the days daylight saving time starts or ends.
struct PacificDay: Hashable {
    /// `yyyy-MM-dd` in Pacific time.
    var key: String
    /// The next Pacific midnight.
    var end: Date

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Los_Angeles") ?? TimeZone(identifier: "PST8PDT") ?? .current
        return calendar
    }()

    /// The day `key` (`yyyy-MM-dd`) names, or `nil` when it names none (`2026-02-30`, `-1`).
    init?(key: String) {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let noon = Self.calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
        else { return nil }
        self.init(containing: noon)
        guard self.key == key else { return nil }
    }

    init(containing date: Date) {
        let calendar = Self.calendar
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        key = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let start = calendar.startOfDay(for: date)
        end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
    }
}
