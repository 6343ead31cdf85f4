import CurlRawLoop
import Foundation
import GoogleHTTP
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - SequentialGetSection

/// One request at a time for the ~18 KB JSON document over one keep-alive connection: what an
/// API client's latency floor looks like.
struct SequentialGetSection: BenchmarkSection {
    let title = "Sequential GET, ~18 KB JSON, keep-alive"

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let raw = context.jsonURL.absoluteString.withCString { curl_raw_loop_get($0, context.measureSeconds, 0) }
        guard raw.error == 0, raw.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(raw.error)) }
        let rawRate = Double(raw.requests) / raw.seconds

        let transport = CurlTransport()
        let request = HTTPRequest(url: context.jsonURL)
        let expectedBytes = context.jsonBytes
        let curl = try await RateMeter.measure(seconds: context.measureSeconds) {
            let response = try await transport.send(request)
            guard response.status == 200, response.body.count == expectedBytes else { throw BenchmarkError.badResponse(response.status) }
        }
        let curlRate = Double(curl.count) / curl.seconds

        let session = URLSession(configuration: .ephemeral)
        let sessionResult = try await RateMeter.measure(seconds: context.measureSeconds) {
            let (data, response) = try await session.data(from: context.jsonURL)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard status == 200, data.count == expectedBytes else { throw BenchmarkError.badResponse(status) }
        }
        session.invalidateAndCancel()
        let sessionRate = Double(sessionResult.count) / sessionResult.seconds

        return [
            BenchmarkRow("raw libcurl loop (C, 1 easy handle)", BenchmarkFormat.rate(Int(raw.requests), seconds: raw.seconds), note: "baseline"),
            BenchmarkRow(
                "CurlTransport.send", BenchmarkFormat.rate(curl.count, seconds: curl.seconds),
                note: BenchmarkFormat.ratio(curlRate, to: rawRate, label: "raw C (target ≥ 0.90×)")),
            BenchmarkRow(
                "URLSession (FoundationNetworking)", BenchmarkFormat.rate(sessionResult.count, seconds: sessionResult.seconds),
                note: BenchmarkFormat.ratio(sessionRate, to: rawRate, label: "raw C")),
        ]
    }
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
