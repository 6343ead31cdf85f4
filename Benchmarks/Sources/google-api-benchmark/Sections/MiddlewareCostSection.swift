import Foundation
import GoogleDrive
import GoogleHTTP

// MARK: - MiddlewareCostSection

/// What middleware costs a typed call: `drive.files.list` without middleware against the same call
/// with one no-op middleware at each level (call and attempt), sequential and 8 tasks at once,
/// in alternating rounds on the same server. The no-middleware session is the baseline; the
/// difference per call is the middleware's cost (the chain, the request and response wrappers,
/// the boxed attempt).
struct MiddlewareCostSection: BenchmarkSection {
    let title = "middleware cost: drive.files.list with one no-op middleware per level (best of 3 alternating rounds)"
    let rounds = 3
    let width = 8

    /// Passes the request on and returns the response.
    struct NoOp: GoogleMiddleware {
        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            try await next(request)
        }
    }

    private struct NoRefresh: TokenRefreshing {
        func refresh(refreshToken: String) async throws -> OAuthTokens {
            throw BenchmarkError.toolFailed("the benchmark token never needs refreshing")
        }
    }

    private static func session(transport: CurlTransport, middleware: Bool) -> AuthorizedSession {
        let credentials = OAuthTokens(
            accessToken: "benchmark-access-token", expiresAt: nil, refreshToken: nil, scopes: [Drive.Scope.driveReadonly])
        var configuration = AuthorizedSession.Configuration()
        if middleware {
            configuration.callMiddleware = [NoOp()]
            configuration.attemptMiddleware = [NoOp()]
        }
        return AuthorizedSession(
            credentials: InMemoryTokenStore(credentials), refresher: NoRefresh(), transport: transport, configuration: configuration)
    }

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let json = try Data(contentsOf: context.jsonFile)
        let endpoint = try await DriveListEndpoint(context: context, json: json)
        defer { endpoint.stop() }
        let transport = CurlTransport()
        let plain = Drive(session: Self.session(transport: transport, middleware: false), rootURL: endpoint.rootURL)
        let wrapped = Drive(session: Self.session(transport: transport, middleware: true), rootURL: endpoint.rootURL)
        let fileCount = try GoogleJSONDecoder().decode(Drive.FileList.self, from: json).files?.count ?? 0
        let roundSeconds = context.measureSeconds / Double(rounds * 2)
        func list(_ drive: Drive) -> @Sendable () async throws -> Void {
            {
                let page = try await drive.files.list(pageSize: 50)
                guard page.files?.count == fileCount else { throw BenchmarkError.badResponse(200) }
            }
        }

        var plainRate = BestRate()
        var wrappedRate = BestRate()
        var plainWide = BestRate()
        var wrappedWide = BestRate()
        var plainCPU = ProcessCPU()
        var wrappedCPU = ProcessCPU()
        for _ in 0..<rounds {
            var start = ProcessCPU.seconds()
            let first = try await RateMeter.measure(seconds: roundSeconds, warmup: 20, list(plain))
            plainRate.add(first.count, seconds: first.seconds)
            plainCPU.add(since: start, count: first.count + 20)
            start = ProcessCPU.seconds()
            let second = try await RateMeter.measure(seconds: roundSeconds, warmup: 20, list(wrapped))
            wrappedRate.add(second.count, seconds: second.seconds)
            wrappedCPU.add(since: start, count: second.count + 20)
            let wide = try await DriveDecodeSection.measureConcurrently(width: width, seconds: roundSeconds, list(plain))
            plainWide.add(wide.count, seconds: wide.seconds)
            let wideWrapped = try await DriveDecodeSection.measureConcurrently(width: width, seconds: roundSeconds, list(wrapped))
            wrappedWide.add(wideWrapped.count, seconds: wideWrapped.seconds)
        }
        let added = plainRate.rate > 0 && wrappedRate.rate > 0 ? (1 / wrappedRate.rate - 1 / plainRate.rate) * 1e6 : 0
        return [
            BenchmarkRow("drive.files.list, no middleware", plainRate.formatted, note: "baseline; \(plainCPU.formatted) per call"),
            BenchmarkRow(
                "the same, one no-op call and one no-op attempt middleware", wrappedRate.formatted,
                note: BenchmarkFormat.ratio(wrappedRate.rate, to: plainRate.rate, label: "no middleware")
                    + String(format: "; %+.1f µs per call; ", added) + "\(wrappedCPU.formatted) per call"),
            BenchmarkRow("drive.files.list × \(width) tasks, no middleware", plainWide.formatted, note: "baseline"),
            BenchmarkRow(
                "the same × \(width) tasks with the two no-op middleware", wrappedWide.formatted,
                note: BenchmarkFormat.ratio(wrappedWide.rate, to: plainWide.rate, label: "no middleware")),
        ]
    }
}
