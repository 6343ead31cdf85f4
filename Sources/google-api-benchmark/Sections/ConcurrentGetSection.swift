import CurlRawLoop
import Foundation
import GoogleHTTP

// MARK: - ConcurrentGetSection

/// Eight requests in flight at all times, on one transport (one multi handle, up to 8 connections).
struct ConcurrentGetSection: BenchmarkSection {
    let title = "8-way concurrent GET, ~18 KB JSON"
    let width = 8

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let raw = context.jsonURL.absoluteString.withCString {
            curl_raw_loop_get_threads($0, context.measureSeconds, Int32(width))
        }
        guard raw.error == 0, raw.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(raw.error)) }
        let rawRate = Double(raw.requests) / raw.seconds

        let transport = CurlTransport()
        let request = HTTPRequest(url: context.jsonURL)
        let expectedBytes = context.jsonBytes
        let seconds = context.measureSeconds
        let clock = ContinuousClock()
        let start = clock.now
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<width {
                group.addTask {
                    let result = try await RateMeter.measure(seconds: seconds, warmup: 5) {
                        let response = try await transport.send(request)
                        guard response.status == 200, response.body.count == expectedBytes else {
                            throw BenchmarkError.badResponse(response.status)
                        }
                    }
                    return result.count
                }
            }
            return try await group.reduce(0, +)
        }
        let elapsed = start.duration(to: clock.now).seconds
        let curlRate = Double(total) / elapsed
        return [
            BenchmarkRow("raw libcurl (C, \(width) threads × 1 handle)", BenchmarkFormat.rate(Int(raw.requests), seconds: raw.seconds), note: "baseline"),
            BenchmarkRow(
                "CurlTransport.send × \(width) tasks", BenchmarkFormat.rate(total, seconds: elapsed),
                note: BenchmarkFormat.ratio(curlRate, to: rawRate, label: "raw C threads")),
        ]
    }
}
