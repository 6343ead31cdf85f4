import CurlRawLoop
import Foundation
import GoogleHTTP
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - SequentialGetSection

/// One request at a time for the ~18 KB JSON document over one keep-alive connection: what an
/// API client's latency floor looks like.
///
/// The contenders run in alternating short rounds and each keeps its best round, so a burst of
/// load from elsewhere on the machine does not land on one contender only.
struct SequentialGetSection: BenchmarkSection {
    let title = "Sequential GET, ~18 KB JSON, keep-alive (best of 3 alternating rounds)"
    let rounds = 3

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let transport = CurlTransport()
        let request = HTTPRequest(url: context.jsonURL)
        let expectedBytes = context.jsonBytes
        let roundSeconds = context.measureSeconds / Double(rounds)
        let sendOnce: @Sendable () async throws -> Void = {
            let response = try await transport.send(request)
            guard response.status == 200, response.body.count == expectedBytes else { throw BenchmarkError.badResponse(response.status) }
        }

        var raw = BestRate(), curl = BestRate(), pinned = BestRate()
        for _ in 0..<rounds {
            let result = context.jsonURL.absoluteString.withCString { curl_raw_loop_get($0, roundSeconds, 0) }
            guard result.error == 0, result.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(result.error)) }
            raw.add(Int(result.requests), seconds: result.seconds)
            let plain = try await RateMeter.measure(seconds: roundSeconds, sendOnce)
            curl.add(plain.count, seconds: plain.seconds)
            // The same loop with the task running on the transport's own thread (no hand-offs).
            let onLoop = try await withTaskExecutorPreference(transport.executor) {
                try await RateMeter.measure(seconds: roundSeconds, sendOnce)
            }
            pinned.add(onLoop.count, seconds: onLoop.seconds)
        }

        let session = URLSession(configuration: .ephemeral)
        let sessionResult = try await RateMeter.measure(seconds: roundSeconds) {
            let (data, response) = try await session.data(from: context.jsonURL)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200, data.count == expectedBytes else { throw BenchmarkError.badResponse(status) }
        }
        session.invalidateAndCancel()
        var urlSession = BestRate()
        urlSession.add(sessionResult.count, seconds: sessionResult.seconds)

        return [
            BenchmarkRow("raw libcurl loop (C, 1 easy handle)", raw.formatted, note: "baseline"),
            BenchmarkRow("CurlTransport.send", curl.formatted, note: BenchmarkFormat.ratio(curl.rate, to: raw.rate, label: "raw C (target ≥ 0.90×)")),
            BenchmarkRow(
                "CurlTransport.send on transport.executor", pinned.formatted,
                note: BenchmarkFormat.ratio(pinned.rate, to: raw.rate, label: "raw C (task pinned to the curl thread)")),
            BenchmarkRow("URLSession (FoundationNetworking)", urlSession.formatted, note: BenchmarkFormat.ratio(urlSession.rate, to: raw.rate, label: "raw C")),
        ]
    }
}

extension SequentialGetSection {
    /// Only sequential `CurlTransport.send` calls for `measureSeconds`: what `--profile-send` runs.
    static func profileLoop(in context: BenchmarkContext) async throws -> (count: Int, seconds: Double) {
        let transport = CurlTransport()
        let request = HTTPRequest(url: context.jsonURL)
        return try await RateMeter.measure(seconds: context.measureSeconds) {
            guard try await transport.send(request).status == 200 else { throw BenchmarkError.badResponse(0) }
        }
    }
}

// MARK: - BestRate

/// The best requests-per-second figure over several rounds.
struct BestRate {
    private(set) var rate: Double = 0

    mutating func add(_ count: Int, seconds: Double) {
        rate = max(rate, Double(count) / max(seconds, 1e-9))
    }

    var formatted: String { "\(BenchmarkFormat.grouped(Int(rate.rounded()))) req/s" }
}

// MARK: - BenchmarkError

enum BenchmarkError: Error, CustomStringConvertible {
    case rawLoopFailed(Int)
    case badResponse(Int)
    case sizeMismatch(expected: Int64, actual: Int64)
    case toolFailed(String)

    var description: String {
        switch self {
        case .rawLoopFailed(let code): "raw libcurl loop failed (code \(code))"
        case .badResponse(let status): "unexpected response (status \(status))"
        case .sizeMismatch(let expected, let actual): "expected \(expected) bytes, got \(actual)"
        case .toolFailed(let message): message
        }
    }
}
