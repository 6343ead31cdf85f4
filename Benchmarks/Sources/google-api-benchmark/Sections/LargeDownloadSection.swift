import Foundation
import GoogleHTTP

// MARK: - LargeDownloadSection

/// The large fixture downloaded to a file: CurlTransport against the curl command-line tool, and
/// the benchmark process's peak memory while CurlTransport downloads.
struct LargeDownloadSection: BenchmarkSection {
    var title: String { "Download to file" }

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let destination = context.scratchDirectory.appendingPathComponent("download.bin")
        let sizeLabel = BenchmarkFormat.mebibytes(context.largeBytes)
        var rows: [BenchmarkRow] = []

        // CurlTransport first, so the peak-memory reading is not inflated by the curl CLI run
        // (Process) or an earlier transport. The fixture was just written, so the server reads it
        // from the page cache for both clients.
        let clock = ContinuousClock()
        let transport = CurlTransport()
        let rssBefore = ProcessMemory.value("VmRSS") ?? 0
        let peakWasReset = ProcessMemory.resetPeak()
        let start = clock.now
        let head = try await transport.download(GoogleHTTPRequest(url: context.largeURL), to: destination)
        let seconds = start.duration(to: clock.now).seconds
        let peak = ProcessMemory.value("VmHWM") ?? 0
        guard head.status == 200 else { throw BenchmarkError.badResponse(head.status) }
        try verifySize(destination, context.largeBytes)
        let curlRow = BenchmarkRow(
            "CurlTransport.download(to:), \(sizeLabel)", BenchmarkFormat.throughput(bytes: context.largeBytes, seconds: seconds))
        let peakLabel = peakWasReset ? "VmHWM reset just before the download" : "VmHWM since process start (reset unsupported)"
        let memoryRow = BenchmarkRow(
            "  peak RSS of this process during it", BenchmarkFormat.mebibytes(peak),
            note:
                "absolute, \(peakLabel); RSS before \(BenchmarkFormat.mebibytes(rssBefore)), growth \(BenchmarkFormat.mebibytes(max(0, peak - rssBefore))) (target < 32 MiB)"
        )

        if let curlPath = ["/usr/bin/curl", "/usr/local/bin/curl"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            try FileManager.default.removeItem(at: destination)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: curlPath)
            process.arguments = ["-s", "-o", destination.path, context.largeURL.absoluteString]
            let start = clock.now
            try process.run()
            process.waitUntilExit()
            let seconds = start.duration(to: clock.now).seconds
            guard process.terminationStatus == 0 else { throw BenchmarkError.toolFailed("curl exited with \(process.terminationStatus)") }
            try verifySize(destination, context.largeBytes)
            rows.append(
                BenchmarkRow(
                    "curl CLI (curl -s -o file), \(sizeLabel)", BenchmarkFormat.throughput(bytes: context.largeBytes, seconds: seconds),
                    note: "baseline, includes process start"))
        }
        rows.append(curlRow)
        rows.append(memoryRow)

        // Streaming the same body through the async sequence, discarding it.
        let streamStart = clock.now
        let response = try await transport.stream(GoogleHTTPRequest(url: context.largeURL))
        var received: Int64 = 0
        for try await chunk in response.body { received += Int64(chunk.count) }
        let streamSeconds = streamStart.duration(to: clock.now).seconds
        guard received == context.largeBytes else { throw BenchmarkError.sizeMismatch(expected: context.largeBytes, actual: received) }
        rows.append(
            BenchmarkRow(
                "CurlTransport.stream (consume and drop), \(sizeLabel)", BenchmarkFormat.throughput(bytes: received, seconds: streamSeconds)
            ))
        try? FileManager.default.removeItem(at: destination)
        return rows
    }

    private func verifySize(_ url: URL, _ expected: Int64) throws {
        let size = ((try FileManager.default.attributesOfItem(atPath: url.path))[.size] as? NSNumber)?.int64Value ?? -1
        guard size == expected else { throw BenchmarkError.sizeMismatch(expected: expected, actual: size) }
    }
}
