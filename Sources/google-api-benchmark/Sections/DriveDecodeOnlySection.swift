import Foundation
import GoogleDrive

// MARK: - DriveDecodeOnlySection

/// The decode step alone: the ~18 KB `drive.files.list` page into the generated `FileList`
/// with the runtime's decoder (fast path and Codable path) and Foundation's `JSONDecoder`,
/// in alternating rounds so a load change on the shared machine hits all of them; plus
/// ISO8601DateFormatter parsing the page's timestamps (what a naive `Date` strategy would pay).
/// A section of its own so `--only decode` measures (and a profiler sees) nothing else.
struct DriveDecodeOnlySection: BenchmarkSection {
    let title = "JSON decode only: the drive.files.list page → FileList (best of 3 alternating rounds)"
    let rounds = 3

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let json = try Data(contentsOf: context.jsonFile)
        let fileCount = try GoogleJSONDecoder().decode(Drive.FileList.self, from: json).files?.count ?? 0
        guard fileCount > 0 else { throw BenchmarkError.badResponse(0) }
        let roundSeconds = context.measureSeconds / Double(rounds)

        let google = GoogleJSONDecoder()
        var codablePath = GoogleJSONDecoder()
        codablePath.usesFastPath = false
        let foundation = JSONDecoder()
        var googleRate = 0.0, codableRate = 0.0, foundationRate = 0.0
        for _ in 0..<rounds {
            googleRate = max(googleRate, try Self.rate(seconds: roundSeconds) {
                guard try google.decode(Drive.FileList.self, from: json).files?.count == fileCount else { throw BenchmarkError.badResponse(0) }
            })
            codableRate = max(codableRate, try Self.rate(seconds: roundSeconds / 2) {
                guard try codablePath.decode(Drive.FileList.self, from: json).files?.count == fileCount else { throw BenchmarkError.badResponse(0) }
            })
            foundationRate = max(foundationRate, try Self.rate(seconds: roundSeconds / 2) {
                guard try foundation.decode(Drive.FileList.self, from: json).files?.count == fileCount else { throw BenchmarkError.badResponse(0) }
            })
        }

        let dates = try Self.dateStrings(in: json)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let formatterRate = try Self.rate(seconds: roundSeconds / 2) {
            for text in dates where formatter.date(from: text) == nil { throw BenchmarkError.badResponse(0) }
        }

        return [
            BenchmarkRow(
                "decode only: GoogleJSONDecoder → FileList", Self.pages(googleRate),
                note: "\(Self.throughput(googleRate, json.count)), \(Self.microseconds(googleRate)) per page, \(fileCount) files"),
            BenchmarkRow(
                "decode only: GoogleJSONDecoder, Codable path", Self.pages(codableRate),
                note: BenchmarkFormat.ratio(codableRate, to: googleRate, label: "the fast path")),
            BenchmarkRow(
                "decode only: Foundation JSONDecoder → FileList", Self.pages(foundationRate),
                note: BenchmarkFormat.ratio(foundationRate, to: googleRate, label: "GoogleJSONDecoder")),
            BenchmarkRow(
                "ISO8601DateFormatter, the page's \(dates.count) dates", Self.pages(formatterRate),
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
        return Double(count) / max(elapsed.seconds, 1e-9)
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

    private static func microseconds(_ rate: Double) -> String {
        String(format: "%.1f µs", 1e6 / max(rate, 1e-9))
    }
}
