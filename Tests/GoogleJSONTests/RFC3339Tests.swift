import Foundation
import Testing

@testable import GoogleJSON

@Suite("RFC 3339 dates")
struct RFC3339Tests {
    private func unix(_ date: Date?) -> Double? { date?.timeIntervalSince1970 }

    @Test func parsesWithAndWithoutFractions() throws {
        #expect(unix(RFC3339.parse("1970-01-01T00:00:00Z")) == 0)
        #expect(unix(RFC3339.parse("2024-02-29T12:00:00Z")) == 1_709_208_000)
        #expect(unix(RFC3339.parse("2024-02-29T12:00:00.5Z")) == 1_709_208_000.5)
        #expect(unix(RFC3339.parse("2024-02-29t12:00:00.500z")) == 1_709_208_000.5)
    }

    @Test func millisecondsWithZTakeTheShortPathToTheSameValue() throws {
        // `.mmmZ` (24 bytes, what Google sends) has a path of its own; the same instant written
        // with six digits, an offset or a lower-case `z` goes the general way.
        for text in ["2024-03-01T10:15:30.123Z", "1999-12-31T23:59:59.999Z", "2024-02-29T00:00:00.000Z", "1969-07-20T20:17:40.001Z"] {
            let short = try #require(RFC3339.parse(text))
            let six = text.replacingOccurrences(of: "Z", with: "000Z")
            #expect(RFC3339.parse(six) == short, "\(text)")
            #expect(RFC3339.parse(text.replacingOccurrences(of: "Z", with: "+00:00")) == short, "\(text)")
            #expect(RFC3339.parse(text.replacingOccurrences(of: "Z", with: "z")) == short, "\(text)")
            #expect(RFC3339.format(short) == text)
        }
        for bad in [
            "2024-03-01T10:15:30.12xZ", "2024-02-30T10:15:30.123Z", "2024-03-01T10:15:30.1234", "2024-03-01T10:15:30x123Z",
            "2024-03-01T24:15:30.123Z", "2024-03-01T10:15:30.-12Z",
        ] {
            #expect(RFC3339.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func honoursOffsets() throws {
        let utc = try #require(RFC3339.parse("2024-06-01T10:00:00Z"))
        #expect(RFC3339.parse("2024-06-01T15:30:00+05:30") == utc)
        #expect(RFC3339.parse("2024-06-01T02:00:00-08:00") == utc)
        #expect(RFC3339.parse("2024-06-01T10:00:00+00:00") == utc)
    }

    @Test func nanosecondFractionsKeepMicrosecondPrecision() throws {
        let date = try #require(RFC3339.parse("2023-11-14T22:13:20.123456789Z"))
        let micros = (date.timeIntervalSinceReferenceDate * 1_000_000).rounded()
        let expected = (try #require(RFC3339.parse("2023-11-14T22:13:20Z")).timeIntervalSinceReferenceDate * 1_000_000).rounded() + 123_457
        #expect(micros == expected)
        #expect(RFC3339.format(date) == "2023-11-14T22:13:20.123457Z")
    }

    @Test func formatsMillisecondsLikeGoogle() throws {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 1_709_208_000.25)) == "2024-02-29T12:00:00.250Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.500Z")
    }

    @Test(arguments: [
        "1601-01-01T00:00:00Z", "1969-07-20T20:17:40.000001Z", "2000-02-29T23:59:59.999999Z", "2038-01-19T03:14:08Z",
        "2100-03-01T00:00:00.123Z", "9999-12-31T23:59:59.999Z",
    ])
    func roundTrips(text: String) throws {
        let date = try #require(RFC3339.parse(text))
        let formatted = RFC3339.format(date)
        #expect(RFC3339.parse(formatted) == date)
        #expect(
            abs(
                date.timeIntervalSince(
                    try #require(ISO8601DateFormatter.fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text)))) < 1e-3)
    }

    /// The date and time before the seconds are checked a word at a time: any byte that is not
    /// a digit where one belongs (just below '0', just above '9', letters, control, non-ASCII)
    /// and any wrong separator must still be refused; `t` and a space may stand for `T`.
    @Test func everyDigitAndSeparatorBeforeTheSecondsIsChecked() throws {
        let valid = Array("2024-05-01T12:30:45.5Z".utf8)
        let expected = try #require(valid.withUnsafeBytes { RFC3339.parse($0) })
        #expect(expected == Date(timeIntervalSince1970: 1_714_566_645.5))
        let candidates: [UInt8] = [0x2F, 0x3A, 0x2D, 0x54, 0x74, 0x20, 0x00, 0xFF, 0x40, 0x3F, 0xB0, 0xB9, 0x70, 0x39 + 0x80]
        for index in 0..<19 {
            for candidate in candidates where candidate != valid[index] {
                var bytes = valid
                bytes[index] = candidate
                let parsed = bytes.withUnsafeBytes { RFC3339.parse($0) }
                if index == 10, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(candidate) {
                    #expect(parsed == expected, "\(index) \(candidate)")
                } else {
                    #expect(parsed == nil, "\(index) \(candidate)")
                }
            }
        }
    }

    @Test func earlyYearsUseTheProlepticGregorianCalendar() throws {
        let date = try #require(RFC3339.parse("0001-01-01T00:00:00Z"))
        #expect(date.timeIntervalSince1970 == -62_135_596_800)
        #expect(RFC3339.format(date) == "0001-01-01T00:00:00.000Z")
    }

    @Test(arguments: [
        "", "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T00:00:00", "2024-01-01T00:00:00.Z", "2024-01-01T00:00:00+5:30", "2024-01-01T00:00:00Zjunk",
        "2024-01-01 00:00", "abcd-ef-ghTij:kl:mnZ",
    ])
    func rejectsInvalidDates(text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test func dateValuesDecodeFromJSONAndRoundTrip() throws {
        struct Holder: Codable, Equatable {
            var dates: [GoogleDate]
            var plain: Date
        }
        let json = Data(#"{"dates":["2024-01-02T03:04:05.678Z","2024-01-02T03:04:05+01:00"],"plain":"2024-05-06T07:08:09Z"}"#.utf8)
        let holder = try GoogleJSONDecoder().decode(Holder.self, from: json)
        #expect(holder.dates[1].value == RFC3339.parse("2024-01-02T02:04:05Z"))
        let again = try GoogleJSONDecoder().decode(Holder.self, from: try GoogleJSONEncoder().encode(holder))
        #expect(again == holder)
        let bad = Data(#"{"dates":["yesterday"],"plain":"2024-05-06T07:08:09Z"}"#.utf8)
        let error = try #require(throws: GoogleJSONDecodingError.self) { try GoogleJSONDecoder().decode(Holder.self, from: bad) }
        #expect(error.path == "dates[0]")
    }
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) static let fractional: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
