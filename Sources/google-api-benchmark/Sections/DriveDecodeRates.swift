import Foundation
import GoogleDrive

// MARK: - DriveDecodeRates

/// The decode step alone: the same ~18 KB page into the generated `FileList`, with the
/// runtime's decoder and with Foundation's, plus ISO8601DateFormatter parsing the page's
/// timestamps (what a naive `Date` strategy would pay).
enum DriveDecodeRates {
    static func measure(json: Data, seconds: Double, fileCount: Int) throws -> [BenchmarkRow] {
        let google = GoogleJSONDecoder()
        let googleRate = try rate(seconds: seconds) {
            guard try google.decode(Drive.FileList.self, from: json).files?.count == fileCount else { throw BenchmarkError.badResponse(0) }
        }
        var codablePath = GoogleJSONDecoder()
        codablePath.usesFastPath = false
        let codableRate = try rate(seconds: seconds) {
            guard try codablePath.decode(Drive.FileList.self, from: json).files?.count == fileCount else { throw BenchmarkError.badResponse(0) }
        }
        let foundation = JSONDecoder()
        let foundationRate = try rate(seconds: seconds) {
            guard try foundation.decode(Drive.FileList.self, from: json).files?.count == fileCount else { throw BenchmarkError.badResponse(0) }
        }

        let dates = try dateStrings(in: json)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let formatterRate = try rate(seconds: seconds) {
            for text in dates where formatter.date(from: text) == nil { throw BenchmarkError.badResponse(0) }
        }

        return [
            BenchmarkRow("decode only: GoogleJSONDecoder → FileList", pages(googleRate), note: "\(throughput(googleRate, json.count))"),
            BenchmarkRow(
                "decode only: GoogleJSONDecoder, Codable path", pages(codableRate),
                note: BenchmarkFormat.ratio(codableRate, to: googleRate, label: "the fast path")),
            BenchmarkRow(
                "decode only: Foundation JSONDecoder → FileList", pages(foundationRate),
                note: BenchmarkFormat.ratio(foundationRate, to: googleRate, label: "GoogleJSONDecoder")),
            BenchmarkRow(
                "ISO8601DateFormatter, the page's \(dates.count) dates", pages(formatterRate),
                note: BenchmarkFormat.ratio(formatterRate, to: googleRate, label: "a full GoogleJSONDecoder page")),
        ]
    }

    /// Iterations per second of `operation`, run for about `seconds` after a short warm-up.
    private static func rate(seconds: Double, _ operation: () throws -> Void) throws -> Double {
        for _ in 0..<20 { try operation() }
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        var elapsed = Duration.zero
        repeat {
            for _ in 0..<10 { try operation() }
            count += 10
            elapsed = clock.now - start
        } while elapsed < .milliseconds(Int(seconds * 1000))
        let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(count) / max(elapsedSeconds, 1e-9)
    }

    private static func dateStrings(in json: Data) throws -> [String] {
        let page = try GoogleJSONDecoder().decode(Drive.FileList.self, from: json)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (page.files ?? []).flatMap { [$0.createdTime, $0.modifiedTime] }.compactMap { $0.map(formatter.string(from:)) }
    }

    private static func pages(_ rate: Double) -> String {
        "\(BenchmarkFormat.grouped(Int(rate.rounded()))) pages/s"
    }

    private static func throughput(_ rate: Double, _ bytes: Int) -> String {
        String(format: "%.0f MB/s of JSON", rate * Double(bytes) / 1e6)
    }
}
