import Foundation
import GoogleAPIRuntime
import LocalHTTPServer
import Synchronization

// MARK: - MediaBenchmarkSection

/// Media through the runtime (`GoogleServiceClient` → `AuthorizedSession` → `CurlTransport`):
/// the large fixture downloaded with `alt=media` and uploaded with the resumable protocol, each
/// against the `curl` command-line tool on the same loopback server, with this process's peak
/// RSS while the runtime moves the bytes (target < 16 MiB growth for 256 MiB).
struct MediaBenchmarkSection: BenchmarkSection {
    var title: String { "Media through GoogleServiceClient (resumable upload, alt=media download)" }

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let sink = try MediaUploadSink()
        defer { sink.stop() }
        let client = MediaBenchmarkClient.make(rootURL: context.baseURL)
        let uploadClient = MediaBenchmarkClient.make(rootURL: sink.baseURL)
        let sizeLabel = BenchmarkFormat.mebibytes(context.largeBytes)
        let clock = ContinuousClock()
        var rows: [BenchmarkRow] = []

        // MARK: Download
        let destination = context.scratchDirectory.appendingPathComponent("media-download.bin")
        let curlDownload = try MediaBenchmarkCurl.run(["-s", "-o", destination.path, context.largeURL.absoluteString])
        var call = APICall(method: .get, path: BenchmarkFixtures.largeName, scopes: [])
        call.idempotent = true
        try FileManager.default.removeItem(at: destination)
        let rssBefore = ProcessMemory.value("VmRSS") ?? 0
        let peakReset = ProcessMemory.resetPeak()
        let start = clock.now
        try await client.download(call, to: destination)
        let downloadSeconds = start.duration(to: clock.now).seconds
        let downloadPeak = ProcessMemory.value("VmHWM") ?? 0
        try Self.verifySize(destination, context.largeBytes)
        if let curlDownload {
            rows.append(
                BenchmarkRow(
                    "curl CLI download (-o file), \(sizeLabel)",
                    BenchmarkFormat.throughput(bytes: context.largeBytes, seconds: curlDownload), note: "baseline, includes process start"))
        }
        rows.append(
            BenchmarkRow(
                "client.download(_:to:), \(sizeLabel)", BenchmarkFormat.throughput(bytes: context.largeBytes, seconds: downloadSeconds),
                note: curlDownload.map { BenchmarkFormat.ratio($0, to: downloadSeconds, label: "curl CLI speed") } ?? ""))
        rows.append(Self.peakRow(downloadPeak, before: rssBefore, reset: peakReset))
        try? FileManager.default.removeItem(at: destination)

        // MARK: Upload
        // Best of two for curl here, as for the default chunk size below: single uploads to the
        // in-process sink vary by 2× on a busy machine.
        let curlArguments = [
            "-s", "-o", "/dev/null", "-T", context.largeFile.path, sink.baseURL.appendingPathComponent("sink").absoluteString,
        ]
        let curlUpload = try [MediaBenchmarkCurl.run(curlArguments), MediaBenchmarkCurl.run(curlArguments)].compactMap { $0 }.min()
        let uploadRSSBefore = ProcessMemory.value("VmRSS") ?? 0
        let uploadPeakReset = ProcessMemory.resetPeak()
        let uploadCall = APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
        let chunkMiB = MediaConfiguration().chunkSize >> 20
        let media = MediaUpload(.file(context.largeFile), contentType: "application/octet-stream", strategy: .resumable())
        let uploadStart = clock.now
        try await uploadClient.upload(uploadCall, media: media)
        let uploadSeconds = uploadStart.duration(to: clock.now).seconds
        let uploadPeak = ProcessMemory.value("VmHWM") ?? 0
        guard sink.completedBytes == context.largeBytes else {
            throw BenchmarkError.sizeMismatch(expected: context.largeBytes, actual: sink.completedBytes)
        }
        let peakRow = Self.peakRow(uploadPeak, before: uploadRSSBefore, reset: uploadPeakReset)

        // Go's client uses 16 MiB chunks: the same upload with those, then the default once more
        // (the first upload also warmed things up), comparing the best of each.
        let bigChunks = MediaUpload(
            .file(context.largeFile), contentType: "application/octet-stream", strategy: .resumable(chunkSize: 16 << 20))
        let bigStart = clock.now
        try await uploadClient.upload(uploadCall, media: bigChunks)
        let bigSeconds = bigStart.duration(to: clock.now).seconds
        let againStart = clock.now
        try await uploadClient.upload(uploadCall, media: media)
        let defaultBest = min(uploadSeconds, againStart.duration(to: clock.now).seconds)
        if let curlUpload {
            rows.append(
                BenchmarkRow(
                    "curl CLI upload (-T file), \(sizeLabel)", BenchmarkFormat.throughput(bytes: context.largeBytes, seconds: curlUpload),
                    note: "baseline (best of 2), includes process start"))
        }
        rows.append(
            BenchmarkRow(
                "client.upload(resumable, \(chunkMiB) MiB chunks), \(sizeLabel)",
                BenchmarkFormat.throughput(bytes: context.largeBytes, seconds: defaultBest),
                note: curlUpload.map { BenchmarkFormat.ratio($0, to: defaultBest, label: "curl CLI speed (best of 2; target ≥ 0.80×)") }
                    ?? ""))
        rows.append(peakRow)
        rows.append(
            BenchmarkRow(
                "client.upload(resumable, 16 MiB chunks), \(sizeLabel)",
                BenchmarkFormat.throughput(bytes: context.largeBytes, seconds: bigSeconds),
                note: BenchmarkFormat.ratio(defaultBest, to: bigSeconds, label: "the \(chunkMiB) MiB-chunk speed (best of 2)")))
        return rows
    }

    private static func peakRow(_ peak: Int64, before: Int64, reset: Bool) -> BenchmarkRow {
        BenchmarkRow(
            "  peak RSS of this process during it", BenchmarkFormat.mebibytes(peak),
            note:
                "\(reset ? "VmHWM reset just before" : "VmHWM since start"); growth \(BenchmarkFormat.mebibytes(max(0, peak - before))) (target < 16 MiB; the upload sink runs in-process)"
        )
    }

    private static func verifySize(_ url: URL, _ expected: Int64) throws {
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? -1
        guard size == expected else { throw BenchmarkError.sizeMismatch(expected: expected, actual: size) }
    }
}

// MARK: - MediaBenchmarkClient

/// A client whose session holds a non-expiring token (the loopback servers do not check it).
enum MediaBenchmarkClient {
    struct NoRefresh: TokenRefreshing {
        func refresh(refreshToken: String) async throws -> OAuthTokens {
            throw OAuthError(code: .refreshFailed, reason: "the benchmark token never expires")
        }
    }

    static func make(rootURL: URL) -> GoogleServiceClient {
        let store = InMemoryTokenStore(OAuthTokens(accessToken: "benchmark-token", expiresAt: nil, refreshToken: nil, scopes: []))
        let session = AuthorizedSession(credentials: store, refresher: NoRefresh())
        let descriptor = GoogleServiceDescriptor(
            name: "drive", version: "v3", rootURL: rootURL, servicePath: "", batchPath: nil)
        return GoogleServiceClient(session: session, descriptor: descriptor, rootURL: URL(string: rootURL.absoluteString + "/"))
    }
}

// MARK: - MediaBenchmarkCurl

enum MediaBenchmarkCurl {
    /// Runs the curl CLI and returns its wall time, or `nil` when curl is not installed.
    static func run(_ arguments: [String]) throws -> Double? {
        guard let path = ["/usr/bin/curl", "/usr/local/bin/curl"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError.toolFailed("curl exited with \(process.terminationStatus)") }
        return start.duration(to: clock.now).seconds
    }
}

// MARK: - MediaUploadSink

/// An in-process resumable-upload endpoint that streams request bodies and discards them, so
/// the server adds no memory of its own to the measurement.
final class MediaUploadSink: Sendable {
    private final class State: Sendable {
        let received = Mutex<Int64>(0)
        let completed = Mutex<Int64>(0)
    }

    private let server: LocalHTTPServer
    private let state = State()

    var baseURL: URL { server.baseURL }
    var completedBytes: Int64 { state.completed.withLock { $0 } }

    init() throws {
        let state = self.state
        var configuration = LocalHTTPServer.Configuration()
        configuration.streamRequestBody = { $0.method == .put }
        server = try LocalHTTPServer.start(configuration: configuration) { request in
            if request.method == .post {
                let host = request.headers["Host"] ?? "127.0.0.1"
                state.received.withLock { $0 = 0 }
                var response = HTTPServerResponse.json(Data("{}".utf8))
                response.headers["Location"] = "http://\(host)/upload/session"
                return response
            }
            var count: Int64 = 0
            if let stream = request.bodyStream {
                do {
                    for try await chunk in stream { count += Int64(chunk.count) }
                } catch {
                    return .text("body failed", status: 400)
                }
            }
            if request.path == "/sink" { return .text("ok") }
            let range = request.headers["Content-Range"] ?? ""
            let total = Int64(range.split(separator: "/").last ?? "") ?? -1
            let now = state.received.withLock { value -> Int64 in
                if !range.hasPrefix("bytes */") { value += count }
                return value
            }
            if now >= total {
                state.completed.withLock { $0 = now }
                return .json(Data(#"{"id":"uploaded","size":"\#(now)"}"#.utf8))
            }
            var response = HTTPServerResponse(status: 308)
            if now > 0 { response.headers["Range"] = "bytes=0-\(now - 1)" }
            return response
        }
    }

    func stop() { server.stop() }
}
