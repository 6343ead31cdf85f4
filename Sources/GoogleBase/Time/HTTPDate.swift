import Foundation

// MARK: - HTTPDate

/// The package's one parser of HTTP dates (RFC 9110 §5.6.7), for `Retry-After` and for the
/// `Date` header that shows how far this machine's clock is from a server's.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850 form
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`); `nil` for anything else.
    package static func parse(_ text: String) -> Date? {
        let afterComma = text.split(separator: ",", maxSplits: 1).last.map(String.init) ?? text
        let fields = afterComma.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        guard fields.count >= 4, let day = Int(fields[0]),
            let month = months.firstIndex(of: fields[1].lowercased()), var year = Int(fields[2])
        else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        let time = fields[3].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = month + 1
        components.day = day
        components.hour = time[0]
        components.minute = time[1]
        components.second = time[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        return calendar.date(from: components)
    }
}
