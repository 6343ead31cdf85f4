import CurlRawLoop
import Foundation
import GoogleHTTP

// MARK: - ConcurrentGetSection

/// Eight requests in flight at all times: CurlTransport (one multi handle, up to 8 connections)
/// against 8 C threads each looping on its own easy handle. Alternating rounds, best of each.
struct ConcurrentGetSection: BenchmarkSection {
    let title = "8-way concurrent GET, ~18 KB JSON (best of 3 alternating rounds)"
    let width = 8
    let rounds = 3

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let transport = CurlTransport()
        let roundSeconds = context.measureSeconds / Double(rounds)
        var raw = BestRate()
        var curl = BestRate()
        var pinned = BestRate()
        for _ in 0..<rounds {
            let result = context.jsonURL.absoluteString.withCString {
                curl_raw_loop_get_threads($0, roundSeconds, Int32(width))
            }
            guard result.error == 0, result.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(result.error)) }
            raw.add(Int(result.requests), seconds: result.seconds)
            let (count, seconds) = try await measureTransport(transport, context: context, seconds: roundSeconds)
            curl.add(count, seconds: seconds)
            let onLoop = try await withTaskExecutorPreference(transport.executor) {
                try await measureTransport(transport, context: context, seconds: roundSeconds)
            }
            pinned.add(onLoop.count, seconds: onLoop.seconds)
        }
        return [
            BenchmarkRow("raw libcurl (C, \(width) threads × 1 handle)", raw.formatted, note: "baseline"),
            BenchmarkRow(
                "CurlTransport.send × \(width) tasks", curl.formatted,
                note: BenchmarkFormat.ratio(curl.rate, to: raw.rate, label: "raw C threads")),
            BenchmarkRow(
                "CurlTransport.send × \(width) tasks on transport.executor", pinned.formatted,
                note: BenchmarkFormat.ratio(pinned.rate, to: raw.rate, label: "raw C threads (tasks pinned to the curl thread)")),
        ]
    }

    private func measureTransport(
        _ transport: CurlTransport, context: BenchmarkContext, seconds: Double
    ) async throws -> (count: Int, seconds: Double) {
        let request = GoogleHTTPRequest(url: context.jsonURL)
        let expectedBytes = context.jsonBytes
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
        return (total, start.duration(to: clock.now).seconds)
    }
}
