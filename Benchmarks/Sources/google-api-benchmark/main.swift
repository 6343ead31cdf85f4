import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// google-api-benchmark: measures the HTTP stack against a loopback server.
//
//     swift run -c release google-api-benchmark [--seconds 1.5] [--large-mib 256] [--only drive.files]
//
// Adding rows: write a `BenchmarkSection` in Sections/ and list it below.

// MARK: - Registry

enum BenchmarkRegistry {
    /// Run and printed in this order.
    /// The download runs first so its peak-memory reading starts from the smallest process.
    static let sections: [any BenchmarkSection] = [
        LargeDownloadSection(),
        MediaBenchmarkSection(),
        SequentialGetSection(),
        ConcurrentGetSection(),
        DriveDecodeSection(),
        DriveDecodeOnlySection(),
        TypedCallSplitSection(),
        MiddlewareCostSection(),
        WireSection(),
        LiveChatLatencySection(),
    ]
}

// MARK: - Options

let startupRSS = ProcessMemory.value("VmRSS") ?? 0

var measureSeconds = 1.5
var measureRounds = 3
var largeMiB: Int64 = 256
/// Section titles must contain one of these (case-insensitive) to run; empty runs everything.
var onlySections: [String] = []
/// `--profile [N]`: only repeat typed `drive.files.list` calls from N tasks (default 1) for
/// perf/callgrind, and print the count.
var profileOnly = false
var profileWidth = 1
/// `--profile-send`: the same with bare `CurlTransport.send` calls.
var profileSend = false
/// `--profile-decode`: the same with only the decode step (the page already in memory).
var profileDecode = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--seconds": measureSeconds = arguments.next().flatMap(Double.init) ?? measureSeconds
    case "--rounds": measureRounds = max(1, arguments.next().flatMap { Int($0) } ?? measureRounds)
    case "--large-mib": largeMiB = arguments.next().flatMap { Int64($0) } ?? largeMiB
    case "--profile": profileOnly = true
    case "--profile-send":
        profileOnly = true
        profileSend = true
    case "--profile-decode":
        profileOnly = true
        profileDecode = true
    case "--profile-width":
        profileOnly = true
        profileWidth = arguments.next().flatMap { Int($0) } ?? 1
    case "--only": onlySections += arguments.next().map { [$0.lowercased()] } ?? []
    default:
        print(
            "usage: google-api-benchmark [--seconds S] [--rounds N] [--large-mib N] [--only TITLE-WORD]... [--profile] [--profile-width N] [--profile-send] [--profile-decode]"
        )
        exit(2)
    }
}

// MARK: - Setup

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("google-api-benchmark-\(getpid())")
let root = scratch.appendingPathComponent("www")
let prefix = scratch.appendingPathComponent("nginx")
let context: BenchmarkContext
let server: BenchmarkServer
do {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
    let json = BenchmarkFixtures.fileListJSON()
    let jsonFile = root.appendingPathComponent(BenchmarkFixtures.jsonName)
    try json.write(to: jsonFile)
    let largeFile = root.appendingPathComponent(BenchmarkFixtures.largeName)
    try BenchmarkFixtures.writeLargeFile(to: largeFile, size: largeMiB << 20)
    server = try BenchmarkServer(root: root, prefix: prefix)
    context = BenchmarkContext(
        serverDescription: server.description, baseURL: server.baseURL,
        jsonURL: server.baseURL.appendingPathComponent(BenchmarkFixtures.jsonName), jsonBytes: json.count,
        largeURL: server.baseURL.appendingPathComponent(BenchmarkFixtures.largeName), largeBytes: largeMiB << 20,
        jsonFile: jsonFile, largeFile: largeFile,
        gzipBaseURL: server.gzipBaseURL, tlsBaseURL: server.tlsBaseURL, caBundlePath: server.caBundlePath,
        scratchDirectory: scratch, measureSeconds: measureSeconds, rounds: measureRounds)
} catch {
    print("benchmark setup failed: \(error)")
    try? FileManager.default.removeItem(at: scratch)
    exit(1)
}

// MARK: - Run

if profileOnly {
    let calls =
        profileDecode
        ? try DriveDecodeOnlySection.profileLoop(in: context)
        : profileSend
            ? try await SequentialGetSection.profileLoop(in: context)
            : try await DriveDecodeSection.profileLoop(in: context, width: profileWidth)
    let what = profileDecode ? "FileList decode" : profileSend ? "CurlTransport.send" : "drive.files.list"
    print("profile loop: \(calls.count) \(what) calls in \(String(format: "%.2f", calls.seconds)) s")
    server.stop()
    try? FileManager.default.removeItem(at: scratch)
    exit(0)
}

print("google-api-benchmark — server: \(context.serverDescription) at \(context.baseURL.absoluteString)")
print(
    "JSON body \(context.jsonBytes) bytes; each rate measured for \(measureSeconds) s; RSS at startup \(BenchmarkFormat.mebibytes(startupRSS))\n"
)
var results: [(title: String, rows: [BenchmarkRow])] = []
for section in BenchmarkRegistry.sections
where onlySections.isEmpty || onlySections.contains(where: section.title.lowercased().contains) {
    do {
        let rows = try await section.run(in: context)
        results.append((section.title, rows))
    } catch {
        results.append((section.title, [BenchmarkRow("section failed", "—", note: "\(error)")]))
    }
}
server.stop()
try? FileManager.default.removeItem(at: scratch)
print(BenchmarkTable.render(results))
