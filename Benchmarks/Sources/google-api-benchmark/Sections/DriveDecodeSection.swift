import CurlRawLoop
import Foundation
import GoogleDrive
import GoogleHTTP
import LocalHTTPServer

// MARK: - DriveDecodeSection

/// `drive.files.list` end to end through the generated GoogleDrive types (URL building, auth
/// header, transport, GoogleJSONDecoder, `Int64`/`Date` formats) against the same loopback
/// server and URL as the raw libcurl C loop, one call at a time and 8 at once on one session
/// (on the cooperative pool, and with the 8 tasks on the transport's executor). The decode step
/// alone is ``DriveDecodeOnlySection``.
struct DriveDecodeSection: BenchmarkSection {
    let title = "drive.files.list via generated GoogleDrive types (~18 KB page, best of 3 alternating rounds)"
    let rounds = 3
    let width = 8

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let json = try Data(contentsOf: context.jsonFile)
        let endpoint = try await DriveListEndpoint(context: context, json: json)
        defer { endpoint.stop() }

        let transport = CurlTransport()
        let drive = Drive(session: DriveDecodeSession.make(transport: transport), rootURL: endpoint.rootURL)
        let fileCount = try GoogleJSONDecoder().decode(Drive.FileList.self, from: json).files?.count ?? 0
        let roundSeconds = context.measureSeconds / Double(rounds)
        let listOnce: @Sendable () async throws -> Void = {
            let page = try await drive.files.list(pageSize: 50)
            guard page.files?.count == fileCount else { throw BenchmarkError.badResponse(200) }
        }

        var raw = BestRate()
        var generated = BestRate()
        var rawThreads = BestRate()
        var concurrent = BestRate()
        var pinned = BestRate()
        // This process's CPU time per request or call (all its threads; the server's not
        // counted), which a busy machine disturbs less than the rates.
        var rawCPU = ProcessCPU()
        var generatedCPU = ProcessCPU()
        var rawThreadsCPU = ProcessCPU()
        var concurrentCPU = ProcessCPU()
        var pinnedCPU = ProcessCPU()
        // The typed calls' CPU by thread (all rounds): the curl thread's share against the pool's.
        var generatedThreads = ThreadCPU()
        var concurrentThreads = ThreadCPU()
        for _ in 0..<rounds {
            var cpuStart = ProcessCPU.seconds()
            let result = endpoint.filesURL.absoluteString.withCString { curl_raw_loop_get($0, roundSeconds, 0) }
            guard result.error == 0, result.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(result.error)) }
            raw.add(Int(result.requests), seconds: result.seconds)
            rawCPU.add(since: cpuStart, count: Int(result.requests))
            cpuStart = ProcessCPU.seconds()
            var threadsStart = ThreadCPU.snapshot()
            let measured = try await RateMeter.measure(seconds: roundSeconds, warmup: 20, listOnce)
            generated.add(measured.count, seconds: measured.seconds)
            generatedCPU.add(since: cpuStart, count: measured.count + 20)
            generatedThreads.add(since: threadsStart, count: measured.count + 20)
            cpuStart = ProcessCPU.seconds()
            let threads = endpoint.filesURL.absoluteString.withCString {
                curl_raw_loop_get_threads($0, roundSeconds, Int32(width))
            }
            guard threads.error == 0, threads.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(threads.error)) }
            rawThreads.add(Int(threads.requests), seconds: threads.seconds)
            rawThreadsCPU.add(since: cpuStart, count: Int(threads.requests))
            cpuStart = ProcessCPU.seconds()
            threadsStart = ThreadCPU.snapshot()
            let together = try await Self.measureConcurrently(width: width, seconds: roundSeconds, listOnce)
            concurrent.add(together.count, seconds: together.seconds)
            concurrentCPU.add(since: cpuStart, count: together.count + width * Self.warmup)
            concurrentThreads.add(since: threadsStart, count: together.count + width * Self.warmup)
            // The opt-in executor mode for whole typed calls: no thread hand-off at all, but the
            // decoding of every page then shares the curl thread's one core.
            cpuStart = ProcessCPU.seconds()
            let onLoop = try await Self.measureConcurrently(
                width: width, seconds: roundSeconds, executor: transport.executor, listOnce)
            pinned.add(onLoop.count, seconds: onLoop.seconds)
            pinnedCPU.add(since: cpuStart, count: onLoop.count + width * Self.warmup)
        }

        return [
            BenchmarkRow(
                "raw libcurl loop (C) on /drive/v3/files", raw.formatted,
                note: "baseline, \(json.count) bytes, \(fileCount) files; \(rawCPU.formatted) per request"),
            BenchmarkRow(
                "drive.files.list → FileList", generated.formatted,
                note: BenchmarkFormat.ratio(generated.rate, to: raw.rate, label: "raw C (target ≥ 0.50×, goal 0.70×)")
                    + "; \(generatedCPU.formatted) per call" + Self.split(generatedThreads)),
            BenchmarkRow(
                "raw libcurl (C, \(width) threads × 1 handle) on /drive/v3/files", rawThreads.formatted,
                note: "baseline; \(rawThreadsCPU.formatted) per request"),
            BenchmarkRow(
                "drive.files.list × \(width) tasks, one session", concurrent.formatted,
                note: BenchmarkFormat.ratio(concurrent.rate, to: rawThreads.rate, label: "raw C threads (target ≥ 0.50×)")
                    + "; \(concurrentCPU.formatted) per call" + Self.split(concurrentThreads)),
            BenchmarkRow(
                "drive.files.list × \(width) tasks on transport.executor", pinned.formatted,
                note: BenchmarkFormat.ratio(pinned.rate, to: rawThreads.rate, label: "raw C threads")
                    + "; \(pinnedCPU.formatted) per call (tasks pinned to the curl thread: no hand-off, one core for all decoding)"),
        ]
    }

    /// " (curl thread … + pool threads …, all rounds)", or nothing where threads can't be read.
    private static func split(_ threads: ThreadCPU) -> String {
        let text = threads.formatted
        return text.isEmpty ? "" : " (\(text), all rounds)"
    }

    /// Only the typed call, repeated for `measureSeconds` by `width` tasks: what `--profile` runs
    /// so a profiler sees nothing else.
    static func profileLoop(in context: BenchmarkContext, width: Int) async throws -> (count: Int, seconds: Double) {
        let json = try Data(contentsOf: context.jsonFile)
        let endpoint = try await DriveListEndpoint(context: context, json: json)
        defer { endpoint.stop() }
        let drive = Drive(session: DriveDecodeSession.make(), rootURL: endpoint.rootURL)
        return try await measureConcurrently(width: max(1, width), seconds: context.measureSeconds) {
            guard try await drive.files.list(pageSize: 50).files?.isEmpty == false else { throw BenchmarkError.badResponse(200) }
        }
    }

    /// Untimed calls each task of ``measureConcurrently(width:seconds:_:)`` makes first.
    static let warmup = 5

    /// `width` tasks each repeating `operation` for `seconds`; total completions and wall time.
    /// - Parameter executor: Where the tasks prefer to run (the whole loop, so a call never
    ///   hops back to the global pool between calls); `nil` for the global pool.
    static func measureConcurrently(
        width: Int, seconds: Double, executor: (any TaskExecutor)? = nil,
        _ operation: @escaping @Sendable () async throws -> Void
    ) async throws -> (count: Int, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<width {
                group.addTask(executorPreference: executor) {
                    try await RateMeter.measure(seconds: seconds, warmup: warmup, operation).count
                }
            }
            return try await group.reduce(0, +)
        }
        return (total, start.duration(to: clock.now).seconds)
    }
}

// MARK: - ProcessCPU

/// The least CPU time (user + system, all threads of this process) per operation over rounds.
struct ProcessCPU {
    private var perOperation = Double.infinity

    /// CPU seconds this process has used so far.
    static func seconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    mutating func add(since start: Double, count: Int) {
        perOperation = min(perOperation, (Self.seconds() - start) / Double(max(count, 1)))
    }

    var formatted: String { String(format: "%.0f µs CPU", perOperation * 1e6) }
}

// MARK: - DriveListEndpoint

/// Serves the fixture at `/drive/v3/files` — where `drive.files.list` looks — on the benchmark
/// server when it serves subdirectories (nginx), else on a LocalHTTPServer of its own; the raw
/// loop and the generated call always hit the same server and URL.
struct DriveListEndpoint: Sendable {
    let rootURL: URL
    let filesURL: URL
    private let ownServer: LocalHTTPServer?

    init(context: BenchmarkContext, json: Data) async throws {
        let directory = context.jsonFile.deletingLastPathComponent().appendingPathComponent("drive/v3")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try json.write(to: directory.appendingPathComponent("files"))
        let shared = context.baseURL.appendingPathComponent("drive/v3/files")
        if let response = try? await CurlTransport().send(GoogleHTTPRequest(url: shared)), response.status == 200, response.body == json {
            ownServer = nil
            rootURL = URL(string: context.baseURL.absoluteString + "/") ?? context.baseURL
        } else {
            let server = try LocalHTTPServer.start { request in
                guard request.path == "/drive/v3/files" else { return .notFound }
                return HTTPServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: .data(json))
            }
            ownServer = server
            rootURL = URL(string: server.baseURL.absoluteString + "/") ?? server.baseURL
        }
        filesURL = rootURL.appendingPathComponent("drive/v3/files")
    }

    func stop() { ownServer?.stop() }
}

// MARK: - DriveDecodeSession

/// A session holding a long-lived token with the Drive read scope; the static server ignores
/// it, and no refresh ever happens.
enum DriveDecodeSession {
    static func make(transport: CurlTransport = CurlTransport()) -> AuthorizedSession {
        let credentials = OAuthTokens(
            accessToken: "benchmark-access-token", expiresAt: nil, refreshToken: nil,
            scopes: [Drive.Scope.driveReadonly])
        return AuthorizedSession(credentials: InMemoryTokenStore(credentials), refresher: NoRefresh(), transport: transport)
    }

    private struct NoRefresh: TokenRefreshing {
        func refresh(refreshToken: String) async throws -> OAuthTokens {
            throw BenchmarkError.toolFailed("the benchmark token never needs refreshing")
        }
    }
}
