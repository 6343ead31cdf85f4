public import Foundation

// MARK: - RFC3339

/// A fast RFC 3339 date parser and formatter working on UTF-8 bytes (`ISO8601DateFormatter` is
/// slow and allocates per call).
///
/// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with any number of fraction digits (kept to
/// the microsecond), `t`/space as separator and `z` for UTC. Formats in UTC with milliseconds, or
/// microseconds when the date has sub-millisecond precision.
public enum RFC3339 {
    /// Seconds between 1970-01-01 and 2001-01-01, Foundation's reference date.
    static let referenceOffset: Int64 = 978_307_200

    /// Parses `text`, or returns `nil` when it is not an RFC 3339 date-time.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Parses UTF-8 bytes, or returns `nil` when they are not an RFC 3339 date-time.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        let count = bytes.count
        guard count >= 20 else { return nil }
        @inline(__always) func digit(_ index: Int) -> Int? {
            let value = Int(bytes[index]) &- 48
            return (0...9).contains(value) ? value : nil
        }
        @inline(__always) func number(_ index: Int, _ length: Int) -> Int? {
            var value = 0
            for offset in 0..<length {
                guard let next = digit(index + offset) else { return nil }
                value = value * 10 + next
            }
            return value
        }
        guard let year = number(0, 4), bytes[4] == UInt8(ascii: "-"), let month = number(5, 2),
            bytes[7] == UInt8(ascii: "-"), let day = number(8, 2),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
            let hour = number(11, 2), bytes[13] == UInt8(ascii: ":"), let minute = number(14, 2),
            bytes[16] == UInt8(ascii: ":"), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second <= 60
        else { return nil }

        var index = 19
        var microseconds = 0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            var roundUp = false
            while index < count, let next = digit(index) {
                if digits < 6 {
                    microseconds = microseconds * 10 + next
                } else if digits == 6 {
                    roundUp = next >= 5
                }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 6) { microseconds *= 10 }
            if roundUp { microseconds += 1 }
        }
        guard index < count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard index + 6 <= count, let offsetHour = number(index + 1, 2), bytes[index + 3] == UInt8(ascii: ":"),
                let offsetMinute = number(index + 4, 2), offsetHour < 24, offsetMinute < 60
            else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
            index += 6
        default:
            return nil
        }
        guard index == count else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let unixSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        let sinceReference = unixSeconds - referenceOffset
        return Date(timeIntervalSinceReferenceDate: Double(sinceReference) + Double(microseconds) / 1_000_000)
    }

    // MARK: - Formatting

    /// `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ` (or with six fraction digits when needed).
    public static func format(_ date: Date) -> String {
        let totalMicroseconds = Int64((date.timeIntervalSinceReferenceDate * 1_000_000).rounded())
            &+ referenceOffset * 1_000_000
        var seconds = totalMicroseconds / 1_000_000
        var micros = totalMicroseconds % 1_000_000
        if micros < 0 {
            micros += 1_000_000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        func append(_ value: Int64, width: Int) {
            var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
            var rest = value
            for position in stride(from: width - 1, through: 0, by: -1) {
                digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: digits)
        }
        append(year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, width: 2)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2)
        bytes.append(UInt8(ascii: "."))
        if micros % 1000 == 0 {
            append(micros / 1000, width: 3)
        } else {
            append(micros, width: 6)
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian)

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given date, counting in 400-year eras of 146 097 days with
    /// years starting in March so the leap day falls at the end.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysSinceEpoch(year:month:day:)``.
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
