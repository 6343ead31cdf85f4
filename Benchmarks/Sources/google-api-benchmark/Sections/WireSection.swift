import CurlRawLoop
import Foundation
import GoogleDrive
import GoogleHTTP
import Synchronization

// MARK: - WireSection

/// `drive.files.list` against nginx with `gzip on`, over cleartext HTTP/1.1 and over HTTPS with
/// HTTP/2 (a throwaway CA made with openssl, trusted through `caBundlePath`): the page's bytes
/// on the wire with and without gzip, and the typed call's rate next to the raw libcurl loop
/// with the same settings (gzip, CA bundle, HTTP/2), alternating rounds, best of each.
struct WireSection: BenchmarkSection {
    let title = "gzip and TLS: drive.files.list over nginx `gzip on` (best of 3 alternating rounds)"
    let rounds = 3
    let width = 8

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        guard let gzipBase = context.gzipBaseURL else {
            return [BenchmarkRow("skipped", "—", note: "needs nginx (\(context.serverDescription))")]
        }
        let json = try Data(contentsOf: context.jsonFile)
        let endpoint = try await DriveListEndpoint(context: context, json: json)  // writes /drive/v3/files
        defer { endpoint.stop() }
        let roundSeconds = context.measureSeconds / Double(rounds)
        let fileCount = try GoogleJSONDecoder().decode(Drive.FileList.self, from: json).files?.count ?? 0

        // Bytes on the wire for one page, as libcurl counts them (body bytes before decoding).
        let gzipFiles = gzipBase.appendingPathComponent("drive/v3/files").absoluteString
        let identity = Self.raw(gzipFiles, seconds: 10, maxRequests: 1, acceptEncoding: nil, caFile: nil, http2: false)
        let compressed = Self.raw(gzipFiles, seconds: 10, maxRequests: 1, acceptEncoding: "gzip", caFile: nil, http2: false)
        guard identity.error == 0, compressed.error == 0, identity.requests == 1, compressed.requests == 1,
            compressed.bytes == Int64(json.count)
        else { throw BenchmarkError.rawLoopFailed(Int(identity.error != 0 ? identity.error : compressed.error)) }
        var rows = [
            BenchmarkRow(
                "one page on the wire: identity → gzip",
                "\(BenchmarkFormat.grouped(Int(identity.wire_bytes))) → \(BenchmarkFormat.grouped(Int(compressed.wire_bytes))) B",
                note: String(
                    format: "%.1f× fewer body bytes (nginx gzip level 1)",
                    Double(identity.wire_bytes) / Double(max(1, compressed.wire_bytes))))
        ]

        rows += try await compare(
            label: "HTTP/1.1 cleartext, gzip", root: gzipBase, caFile: nil, http2: false,
            fileCount: fileCount, seconds: roundSeconds)
        if let tlsBase = context.tlsBaseURL, let ca = context.caBundlePath {
            rows += try await compare(
                label: "HTTPS + HTTP/2, gzip", root: tlsBase, caFile: ca, http2: true,
                fileCount: fileCount, seconds: roundSeconds)
        } else {
            rows.append(BenchmarkRow("HTTPS + HTTP/2 rows skipped", "—", note: "openssl not found or failed"))
        }
        return rows
    }

    /// Sequential and `width`-way typed calls against the raw C loop with the same settings.
    private func compare(
        label: String, root: URL, caFile: String?, http2: Bool, fileCount: Int, seconds: Double
    ) async throws -> [BenchmarkRow] {
        let configuration = HTTPTransportConfiguration(caBundlePath: caFile, httpVersion: http2 ? .http2OverTLS : .http1_1)
        let rootURL = URL(string: root.absoluteString + "/") ?? root
        let drive = Drive(session: DriveDecodeSession.make(transport: CurlTransport(configuration: configuration)), rootURL: rootURL)
        // The slowest single call: a transport that misses input shows up here as ~1 s (the
        // poll ceiling), as it did with libcurl 7.88 over HTTPS + HTTP/2 before the loop
        // learnt to poll briefly after receiving.
        let slowest = Mutex<Double>(0)
        let listOnce: @Sendable () async throws -> Void = {
            let start = ContinuousClock.now
            guard try await drive.files.list(pageSize: 50).files?.count == fileCount else { throw BenchmarkError.badResponse(200) }
            let took = start.duration(to: .now).seconds
            slowest.withLock { $0 = max($0, took) }
        }
        let files = root.appendingPathComponent("drive/v3/files").absoluteString
        var raw = BestRate()
        var typed = BestRate()
        var rawThreads = BestRate()
        var concurrent = BestRate()
        var rawSlowest = 0.0
        for _ in 0..<rounds {
            let result = Self.raw(files, seconds: seconds, maxRequests: 0, acceptEncoding: "gzip", caFile: caFile, http2: http2)
            guard result.error == 0, result.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(result.error)) }
            raw.add(Int(result.requests), seconds: result.seconds)
            rawSlowest = max(rawSlowest, result.slowest_seconds)
            let measured = try await RateMeter.measure(seconds: seconds, listOnce)
            typed.add(measured.count, seconds: measured.seconds)
            let threads = Self.raw(files, seconds: seconds, threads: width, acceptEncoding: "gzip", caFile: caFile, http2: http2)
            guard threads.error == 0, threads.requests > 0 else { throw BenchmarkError.rawLoopFailed(Int(threads.error)) }
            rawThreads.add(Int(threads.requests), seconds: threads.seconds)
            rawSlowest = max(rawSlowest, threads.slowest_seconds)
            let together = try await DriveDecodeSection.measureConcurrently(width: width, seconds: seconds, listOnce)
            concurrent.add(together.count, seconds: together.seconds)
        }
        return [
            BenchmarkRow(
                "raw libcurl loop (C), \(label)", raw.formatted,
                note: String(format: "baseline, same settings; slowest raw request %.0f ms", rawSlowest * 1000)),
            BenchmarkRow(
                "drive.files.list → FileList, \(label)", typed.formatted,
                note: BenchmarkFormat.ratio(typed.rate, to: raw.rate, label: "raw C")),
            BenchmarkRow("raw libcurl (C, \(width) threads × 1 handle), \(label)", rawThreads.formatted, note: "baseline"),
            BenchmarkRow(
                "drive.files.list × \(width) tasks, one session, \(label)", concurrent.formatted,
                note: BenchmarkFormat.ratio(concurrent.rate, to: rawThreads.rate, label: "raw C threads")
                    + String(format: "; slowest typed call %.0f ms", slowest.withLock { $0 } * 1000)),
        ]
    }

    // MARK: - Raw loop with options

    private static func raw(
        _ url: String, seconds: Double, maxRequests: Int64 = 0, threads: Int = 0,
        acceptEncoding: String?, caFile: String?, http2: Bool
    ) -> curl_raw_loop_result {
        func call(_ encoding: UnsafePointer<CChar>?, _ ca: UnsafePointer<CChar>?) -> curl_raw_loop_result {
            var options = curl_raw_loop_options(ca_file: ca, accept_encoding: encoding, http2: http2 ? 1 : 0)
            return url.withCString { url in
                threads > 0
                    ? curl_raw_loop_get_threads_options(url, seconds, Int32(threads), &options)
                    : curl_raw_loop_get_options(url, seconds, maxRequests, &options)
            }
        }
        return withOptionalCString(acceptEncoding) { encoding in
            withOptionalCString(caFile) { ca in call(encoding, ca) }
        }
    }

    private static func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let text else { return body(nil) }
        return text.withCString(body)
    }
}
