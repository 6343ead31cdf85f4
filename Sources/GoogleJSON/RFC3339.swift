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
        // `YYYY-MM-DDTHH:MM` as two words (a page of Drive files has two dates per file, so
        // this runs often): separators compared exactly, then every digit position checked
        // and converted at once.
        guard let (year, month, day, hour, minute) = datePrefix(bytes),
            bytes[16] == UInt8(ascii: ":"), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second <= 60
        else { return nil }

        var index = 19
        var microseconds = 0
        if count == 24, bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z"),
            let milliseconds = number(20, 3)
        {
            // `.mmmZ`, what Google APIs send: the general path below gives the same value.
            let days = daysSinceEpoch(year: year, month: month, day: day)
            return date(days: days, secondOfDay: hour * 3600 + minute * 60 + second, microseconds: milliseconds * 1000)
        }
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
        return date(days: days, secondOfDay: hour * 3600 + minute * 60 + second - offsetSeconds, microseconds: microseconds)
    }

    /// The date `days` after 1970-01-01 plus `secondOfDay` seconds (UTC) and `microseconds`.
    @inline(__always)
    private static func date(days: Int, secondOfDay: Int, microseconds: Int) -> Date {
        let unixSeconds = Int64(days) * 86_400 + Int64(secondOfDay)
        let sinceReference = unixSeconds - referenceOffset
        return Date(timeIntervalSinceReferenceDate: Double(sinceReference) + Double(microseconds) / 1_000_000)
    }

    /// The fields of `YYYY-MM-DD?HH:MM` (`?` being `T`, `t` or a space) in the first 16 of
    /// at least 20 bytes, or `nil`.
    @inline(__always)
    private static func datePrefix(_ bytes: UnsafeRawBufferPointer) -> (Int, Int, Int, Int, Int)? {
        // Little-endian: byte i of the text is bits 8i..<8i+8 of its word.
        let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))  // YYYY-MM-
        let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))  // DDTHH:MM
        let firstDigits: UInt64 = 0x00FF_FF00_FFFF_FFFF
        let secondDigits: UInt64 = 0xFFFF_00FF_FF00_FFFF
        let zeros: UInt64 = 0x3030_3030_3030_3030
        let separator = (second >> 16) & 0xFF
        guard first & ~firstDigits == 0x2D00_002D_0000_0000,
            second & ~secondDigits & ~0xFF_0000 == 0x0000_3A00_0000_0000,
            separator == 0x54 || separator == 0x74 || separator == 0x20
        else { return nil }
        // A digit is 0x30...0x39: high nibble 3, and still 3 after adding 6 (no byte can carry
        // into the next once the first test holds).
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let six: UInt64 = 0x0606_0606_0606_0606
        guard first & high & firstDigits == zeros & firstDigits, second & high & secondDigits == zeros & secondDigits,
            (first &+ six) & high & firstDigits == zeros & firstDigits,
            (second &+ six) & high & secondDigits == zeros & secondDigits
        else { return nil }
        let a = (first & firstDigits) &- (zeros & firstDigits)
        let b = (second & secondDigits) &- (zeros & secondDigits)
        @inline(__always) func digit(_ word: UInt64, _ index: UInt64) -> Int { Int(truncatingIfNeeded: (word >> (index * 8)) & 0xFF) }
        let year = digit(a, 0) * 1000 + digit(a, 1) * 100 + digit(a, 2) * 10 + digit(a, 3)
        return (
            year, digit(a, 5) * 10 + digit(a, 6), digit(b, 0) * 10 + digit(b, 1),
            digit(b, 3) * 10 + digit(b, 4), digit(b, 6) * 10 + digit(b, 7)
        )
    }

    // MARK: - Formatting

    /// `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ` (or with six fraction digits when needed).
    public static func format(_ date: Date) -> String {
        let totalMicroseconds =
            Int64((date.timeIntervalSinceReferenceDate * 1_000_000).rounded())
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
    @inline(__always)
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
