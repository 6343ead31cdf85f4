import Foundation
import GoogleDrive
import GoogleHTTP

// MARK: - TypedCallSplitSection

/// Where one sequential typed `drive.files.list` call's time goes, as rows that add up to the
/// call: the HTTP exchange (`CurlTransport.send` of the same request, the task on the transport's
/// executor so no thread hand-off is counted), the wake-up (the same typed call on the
/// cooperative pool minus on the transport's executor: the hop from the curl thread to a pool
/// thread that went to sleep during the request), the decode (the page, already in memory, into
/// `FileList`) and the rest (session, URL and request building, error checks), with the request
/// building also measured on its own.
///
/// Every figure is the best of alternating rounds in one run, so a change that moves one part
/// shows in its row while the others stay; absolute times still swing with the machine.
struct TypedCallSplitSection: BenchmarkSection {
    let title = "typed call split: one sequential drive.files.list (µs per call, best of alternating rounds)"

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let json = try Data(contentsOf: context.jsonFile)
        let endpoint = try await DriveListEndpoint(context: context, json: json)
        defer { endpoint.stop() }
        let transport = CurlTransport()
        let drive = Drive(session: DriveDecodeSession.make(transport: transport), rootURL: endpoint.rootURL)
        let decoder = GoogleJSONDecoder()
        let fileCount = try decoder.decode(Drive.FileList.self, from: json).files?.count ?? 0
        guard fileCount > 0 else { throw BenchmarkError.badResponse(0) }

        // The request the typed call sends (same URL, query and authorization header).
        var components = URLComponents(url: endpoint.filesURL, resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "pageSize", value: "50")]
        guard let listURL = components?.url else { throw BenchmarkError.toolFailed("bad files URL") }
        let request = GoogleHTTPRequest(url: listURL, headers: ["Authorization": "Bearer benchmark-access-token"])
        let send: @Sendable () async throws -> Void = {
            let response = try await transport.send(request)
            guard response.status == 200, response.body.count == json.count else { throw BenchmarkError.badResponse(response.status) }
        }
        let typed: @Sendable () async throws -> Void = {
            guard try await drive.files.list(pageSize: 50).files?.count == fileCount else { throw BenchmarkError.badResponse(200) }
        }
        // Building the request alone, no I/O: the generated call value (its parameters and
        // scopes) and the client's URL and headers. A direct, steady figure for a part of "rest".
        let build: @Sendable () async throws -> Void = {
            let call = drive.files.listCall(.init(pageSize: 50)).call
            guard try drive.client.makeRequest(call).url.query?.isEmpty == false else { throw BenchmarkError.badResponse(0) }
        }
        let decode: @Sendable () async throws -> Void = {
            guard try decoder.decode(Drive.FileList.self, from: json).files?.count == fileCount else { throw BenchmarkError.badResponse(0) }
        }

        let rounds = max(context.rounds, 5)
        let roundSeconds = context.measureSeconds / Double(rounds)
        var typedPool = BestTime()
        var typedPinned = BestTime()
        var sendPool = BestTime()
        var sendPinned = BestTime()
        var decoding = BestTime()
        var heldWake = BestTime()
        var building = BestTime()
        for _ in 0..<rounds {
            typedPool.add(try await RateMeter.measure(seconds: roundSeconds, typed))
            sendPinned.add(
                try await withTaskExecutorPreference(transport.executor) {
                    try await RateMeter.measure(seconds: roundSeconds, send)
                })
            decoding.add(try await RateMeter.measure(seconds: roundSeconds / 2, decode))
            building.add(try await RateMeter.measure(seconds: roundSeconds / 4, build))
            typedPinned.add(
                try await withTaskExecutorPreference(transport.executor) {
                    try await RateMeter.measure(seconds: roundSeconds, typed)
                })
            sendPool.add(try await RateMeter.measure(seconds: roundSeconds, send))
            // The wake-up measured directly: a task resumed by another thread after a request's
            // time, so the pool thread has gone idle (hold subtracted).
            let hold = sendPinned.micros.isFinite ? Int(sendPinned.micros.rounded()) : 50
            let holding = HandOffThread(hold: .microseconds(hold))
            let held = try await RateMeter.measure(seconds: roundSeconds / 2) { await holding.roundTrip() }
            holding.stop()
            heldWake.add((held.count, max(held.seconds - Double(held.count * hold) / 1e6, 1e-9)))
        }

        let total = typedPool.micros
        let wakeUp = typedPool.micros - typedPinned.micros
        let rest = typedPinned.micros - sendPinned.micros - decoding.micros
        func share(_ part: Double) -> String { String(format: "%.0f %% of the call", part / total * 100) }
        func micros(_ value: Double) -> String { String(format: "%.1f µs", value) }
        return [
            BenchmarkRow(
                "typed call, on the cooperative pool", micros(total),
                note: String(format: "%.0f calls/s; = the four rows below", 1e6 / total)),
            BenchmarkRow(
                "  transport: CurlTransport.send, the same request", micros(sendPinned.micros),
                note: share(sendPinned.micros) + " (task on transport.executor: no hand-off)"),
            BenchmarkRow(
                "  wake-up: resuming the caller on the pool", micros(wakeUp),
                note: share(wakeUp)
                    + "; typed call on the pool minus on transport.executor (send alone: "
                    + micros(sendPool.micros - sendPinned.micros) + "; a bare hand-off after a request's time: "
                    + micros(heldWake.micros) + "; near 0 or below: no wake-up cost this run can tell from noise)"),
            BenchmarkRow(
                "  decode: the page in memory → FileList", micros(decoding.micros),
                note: share(decoding.micros) + ", \(json.count) bytes, \(fileCount) files"),
            BenchmarkRow(
                "  rest: session, request building, checks", micros(rest),
                note: share(rest) + "; typed call on transport.executor minus send minus decode"),
            BenchmarkRow(
                "    of which building the request", micros(building.micros),
                note: share(building.micros) + "; drive.files.listCall(…) and client.makeRequest, measured alone"),
        ]
    }
}

// MARK: - BestTime

/// The least wall-clock time per operation over rounds.
struct BestTime {
    private(set) var micros = Double.infinity

    mutating func add(_ round: (count: Int, seconds: Double)) {
        micros = min(micros, round.seconds / Double(max(round.count, 1)) * 1e6)
    }
}
