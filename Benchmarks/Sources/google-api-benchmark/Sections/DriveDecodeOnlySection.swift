import Foundation
import GoogleDrive
@_spi(Benchmarking) import GoogleJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - DriveDecodeOnlySection

/// The decode step alone: the ~18 KB `drive.files.list` page into the generated `FileList`
/// with the runtime's decoder (fast path and Codable path) and Foundation's `JSONDecoder`,
/// in alternating rounds so a load change on the shared machine hits all of them; plus
/// ISO8601DateFormatter parsing the page's timestamps (what a naive `Date` strategy would pay).
/// A section of its own so `--only decode` measures (and a profiler sees) nothing else.
/// Each rate comes with the thread's CPU time per page (best round): on a shared machine the
/// wall-clock rate swings with the load, the CPU time much less.
struct DriveDecodeOnlySection: BenchmarkSection {
    let title = "JSON decode only: the drive.files.list page → FileList (best of 3 alternating rounds)"
    let rounds = 3

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let json = try Data(contentsOf: context.jsonFile)
        let fileCount = try GoogleJSONDecoder().decode(Drive.FileList.self, from: json).files?.count ?? 0
        guard fileCount > 0 else { throw BenchmarkError.badResponse(0) }
        let roundSeconds = context.measureSeconds / Double(rounds)

        let fuller = Self.fullerPageJSON()
        let fullerCount = try GoogleJSONDecoder().decode(Drive.FileList.self, from: fuller).files?.count ?? 0
        let google = GoogleJSONDecoder()
        var codablePath = GoogleJSONDecoder()
        codablePath.usesFastPath = false
        let foundation = JSONDecoder()
        var googleRate = Measured()
        var codableRate = Measured()
        var foundationRate = Measured()
        var fullerRate = Measured()
        for _ in 0..<rounds {
            googleRate.add(
                try Self.rate(seconds: roundSeconds) {
                    guard try google.decode(Drive.FileList.self, from: json).files?.count == fileCount else {
                        throw BenchmarkError.badResponse(0)
                    }
                })
            codableRate.add(
                try Self.rate(seconds: roundSeconds / 2) {
                    guard try codablePath.decode(Drive.FileList.self, from: json).files?.count == fileCount else {
                        throw BenchmarkError.badResponse(0)
                    }
                })
            foundationRate.add(
                try Self.rate(seconds: roundSeconds / 2) {
                    guard try foundation.decode(Drive.FileList.self, from: json).files?.count == fileCount else {
                        throw BenchmarkError.badResponse(0)
                    }
                })
            fullerRate.add(
                try Self.rate(seconds: roundSeconds / 2) {
                    guard try google.decode(Drive.FileList.self, from: fuller).files?.count == fullerCount else {
                        throw BenchmarkError.badResponse(0)
                    }
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
                "decode only: GoogleJSONDecoder → FileList", Self.pages(googleRate.rate),
                note: "\(Self.throughput(googleRate.rate, json.count)), \(fileCount) files; \(googleRate.cpu)"),
            BenchmarkRow(
                "decode only: GoogleJSONDecoder, Codable path", Self.pages(codableRate.rate),
                note: BenchmarkFormat.ratio(codableRate.rate, to: googleRate.rate, label: "the fast path") + "; \(codableRate.cpu)"),
            BenchmarkRow(
                "decode only: Foundation JSONDecoder → FileList", Self.pages(foundationRate.rate),
                note: BenchmarkFormat.ratio(foundationRate.rate, to: googleRate.rate, label: "GoogleJSONDecoder")
                    + "; \(foundationRate.cpu) (\(String(format: "%.2f", googleRate.cpuSeconds / foundationRate.cpuSeconds))× GoogleJSONDecoder by CPU time)"
            ),
            BenchmarkRow(
                "decode only: GoogleJSONDecoder, a fuller page", Self.pages(fullerRate.rate),
                note: "\(fuller.count / 1000) KB, \(fullerCount) files with owners, links, capabilities; \(fullerRate.cpu)"),
            BenchmarkRow(
                "ISO8601DateFormatter, the page's \(dates.count) dates", Self.pages(formatterRate.rate),
                note: BenchmarkFormat.ratio(formatterRate.rate, to: googleRate.rate, label: "a full GoogleJSONDecoder page")),
        ]
    }

    /// Only the fast-path decode of the page, repeated for `measureSeconds`: what
    /// `--profile-decode` runs so a profiler sees nothing else.
    static func profileLoop(in context: BenchmarkContext) throws -> (count: Int, seconds: Double) {
        let json = try Data(contentsOf: context.jsonFile)
        let decoder = GoogleJSONDecoder()
        return try repeatFor(seconds: context.measureSeconds) {
            guard try decoder.decode(Drive.FileList.self, from: json).files?.isEmpty == false else { throw BenchmarkError.badResponse(0) }
        }
    }

    /// The best of several rounds: wall-clock rate and CPU seconds per operation.
    private struct Measured {
        private(set) var rate = 0.0
        private(set) var cpuSeconds = Double.infinity

        mutating func add(_ round: (rate: Double, cpuSeconds: Double)) {
            rate = max(rate, round.rate)
            cpuSeconds = min(cpuSeconds, round.cpuSeconds)
        }

        var cpu: String { String(format: "%.1f µs CPU per page", cpuSeconds * 1e6) }
    }

    /// Iterations per second of `operation`, run for about `seconds` after a short warm-up, and
    /// the calling thread's CPU time per iteration (the loop never suspends, so it stays on
    /// one thread).
    private static func rate(seconds: Double, _ operation: () throws -> Void) throws -> (rate: Double, cpuSeconds: Double) {
        for _ in 0..<20 { try operation() }
        let cpuStart = threadCPUSeconds()
        let run = try repeatFor(seconds: seconds, operation)
        let cpu = threadCPUSeconds() - cpuStart
        return (Double(run.count) / max(run.seconds, 1e-9), cpu / Double(run.count))
    }

    /// Runs `operation` in batches of 10 until about `seconds` have passed: how many ran, in how long.
    private static func repeatFor(seconds: Double, _ operation: () throws -> Void) rethrows -> (count: Int, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        var elapsed = Duration.zero
        repeat {
            for _ in 0..<10 { try operation() }
            count += 10
            elapsed = clock.now - start
        } while elapsed < .milliseconds(Int(seconds * 1000))
        return (count, elapsed.seconds)
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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
