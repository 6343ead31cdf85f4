import CurlRawLoop
import Foundation
@_spi(Benchmarking) import GoogleHTTP

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
    let title = "Sequential GET, ~18 KB JSON, keep-alive (best of alternating rounds, 3 unless --rounds)"

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let rounds = context.rounds
        let transport = CurlTransport()
        let request = GoogleHTTPRequest(url: context.jsonURL)
        let expectedBytes = context.jsonBytes
        let roundSeconds = context.measureSeconds / Double(rounds)
        let sendOnce: @Sendable () async throws -> Void = {
            let response = try await transport.send(request)
            guard response.status == 200, response.body.count == expectedBytes else { throw BenchmarkError.badResponse(response.status) }
        }
        // The same requests, each queued to the curl thread (which is woken for it) instead of
        // started by the calling task: what starting on the caller saves, in the same process.
        let queuedTransport = CurlTransport()
        queuedTransport.startsRequestsOnCaller = false
        let sendQueued: @Sendable () async throws -> Void = {
            let response = try await queuedTransport.send(request)
            guard response.status == 200, response.body.count == expectedBytes else { throw BenchmarkError.badResponse(response.status) }
        }

        var raw = BestRate()
        var curl = BestRate()
        var queued = BestRate()
        var pinned = BestRate()
        var floor = BestRate()
        var heldFloor = BestRate()
        var loopFloor = BestRate()
        for _ in 0..<rounds {
            let result = context.jsonURL.absoluteString.withCString { curl_raw_loop_get($0, roundSeconds, 0) }
            guard result.error == 0, result.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(result.error)) }
            raw.add(Int(result.requests), seconds: result.seconds)
            let plain = try await RateMeter.measure(seconds: roundSeconds, sendOnce)
            curl.add(plain.count, seconds: plain.seconds)
            let viaQueue = try await RateMeter.measure(seconds: roundSeconds, sendQueued)
            queued.add(viaQueue.count, seconds: viaQueue.seconds)
            // The same loop with the task running on the transport's own thread (no hand-offs).
            let onLoop = try await withTaskExecutorPreference(transport.executor) {
                try await RateMeter.measure(seconds: roundSeconds, sendOnce)
            }
            pinned.add(onLoop.count, seconds: onLoop.seconds)
            // The hand-offs alone, no I/O: a bare spinning thread, then the transport's own loop.
            let thread = HandOffThread()
            let bare = try await RateMeter.measure(seconds: roundSeconds) { await thread.roundTrip() }
            thread.stop()
            floor.add(bare.count, seconds: bare.seconds)
            // Held as long as a raw request takes, so the waiting pool thread goes idle meanwhile.
            let holdMicroseconds = Int((1e6 / max(raw.rate, 1)).rounded())
            let holding = HandOffThread(hold: .microseconds(holdMicroseconds))
            let held = try await RateMeter.measure(seconds: roundSeconds) { await holding.roundTrip() }
            holding.stop()
            heldFloor.add(held.count, seconds: held.seconds, minus: Double(holdMicroseconds) / 1e6)
            let throughLoop = try await RateMeter.measure(seconds: roundSeconds) { await transport.roundTripThroughLoop() }
            loopFloor.add(throughLoop.count, seconds: throughLoop.seconds)
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
            BenchmarkRow(
                "CurlTransport.send", curl.formatted, note: BenchmarkFormat.ratio(curl.rate, to: raw.rate, label: "raw C (target ≥ 0.90×)")),
            BenchmarkRow(
                "CurlTransport.send, every request queued to the curl thread", queued.formatted,
                note: BenchmarkFormat.ratio(queued.rate, to: raw.rate, label: "raw C")
                    + String(format: "; send, started on the caller: %.2f× this", curl.rate / max(queued.rate, 1e-9))),
            BenchmarkRow(
                "CurlTransport.send on transport.executor", pinned.formatted,
                note: BenchmarkFormat.ratio(pinned.rate, to: raw.rate, label: "raw C (task pinned to the curl thread)")),
            BenchmarkRow(
                "URLSession (FoundationNetworking)", urlSession.formatted,
                note: BenchmarkFormat.ratio(urlSession.rate, to: raw.rate, label: "raw C")),
            Self.floorRow("hand-off floor: task → spinning thread → task, no I/O", floor, raw: raw),
            Self.floorRow("the same, resumed after a raw request's time (held, minus the hold)", heldFloor, raw: raw),
            Self.floorRow("through CurlTransport's loop, no curl work", loopFloor, raw: raw),
        ]
    }
}

extension SequentialGetSection {
    /// A round-trip rate shown as time per round trip, with the best `send` could reach against
    /// the raw loop if the hand-offs were its only extra cost and overlapped nothing.
    static func floorRow(_ name: String, _ floor: BestRate, raw: BestRate) -> BenchmarkRow {
        let handOff = 1e6 / max(floor.rate, 1e-9)
        let request = 1e6 / max(raw.rate, 1e-9)
        let ceiling = request / (request + handOff)
        return BenchmarkRow(
            name, String(format: "%.1f µs", handOff),
            note: String(format: "raw C request %.1f µs → send ceiling %.2f× raw", request, ceiling))
    }

    /// Only sequential `CurlTransport.send` calls for `measureSeconds`: what `--profile-send` runs.
    static func profileLoop(in context: BenchmarkContext) async throws -> (count: Int, seconds: Double) {
        let transport = CurlTransport()
        let request = GoogleHTTPRequest(url: context.jsonURL)
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

    /// Adds a round whose every operation included `minus` seconds that are not to be counted.
    mutating func add(_ count: Int, seconds: Double, minus: Double) {
        add(count, seconds: max(seconds - Double(count) * minus, 1e-9))
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
