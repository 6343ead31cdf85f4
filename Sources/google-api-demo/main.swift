import DriveTool
import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleEmulator
import GoogleHTTP
import YouTubeLiveTool

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The quick-start demo: runs the two sample tools against an in-process Google emulator, so a
// newcomer sees login, broadcasts and files without a Google account.

func heading(_ text: String) {
    print("\n== \(text) ==\n")
}

func run(_ tool: CommandLineTool, _ arguments: [String], common: [String]) async -> Bool {
    print("$ \(tool.name) \(arguments.joined(separator: " "))")
    fflush(nil)
    let status = await tool.run(arguments + common)
    if status != .success {
        standardError("demo: `\(tool.name) \(arguments.joined(separator: " "))` exited with \(status.rawValue)")
    }
    return status == .success
}

let emulator: GoogleEmulator
do {
    emulator = try GoogleEmulator.start()
} catch {
    standardError("demo: could not start the emulator: \(error)")
    exit(ExitStatus.failure.rawValue)
}
defer { emulator.stop() }

let workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("google-api-demo-\(getpid())")
try? FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: workDirectory) }
let clientSecret = workDirectory.appendingPathComponent("client_secret.json")
do {
    try emulator.writeClientSecretFile(to: clientSecret)
} catch {
    standardError("demo: could not write the client secret file: \(error)")
    exit(ExitStatus.failure.rawValue)
}
for variable in emulator.environment(clientSecretFile: clientSecret) {
    setenv(variable.name, variable.value, 1)
}

// The emulator consents at once; `EmulatorBrowser` follows its redirect back to the tool's
// loopback listener in-process, as a real browser would after the user clicks Allow.
let scriptedBrowser: @Sendable () -> any BrowserOpener = {
    ClosureBrowserOpener { url in
        print("(browser) opening \(url.host ?? "")\(url.path) and following the consent redirect")
        try await EmulatorBrowser(transport: DefaultHTTPTransport.shared).open(url)
    }
}

print("Local Google emulator at \(emulator.baseURL.absoluteString) (OAuth, Drive, YouTube Live)")
var succeeded = true

heading("YouTube Live")
let youtube = YouTubeLiveTool.tool(browser: scriptedBrowser)
let youtubeOptions = ["--token-store", workDirectory.appendingPathComponent("youtube-tokens.json").path]
succeeded = await run(youtube, ["login"], common: youtubeOptions) && succeeded
succeeded = await run(youtube, ["status"], common: youtubeOptions) && succeeded
succeeded = await run(youtube, ["broadcasts", "list", "--status", "all"], common: youtubeOptions) && succeeded
// Going live waits for the encoder: the emulator's simulated one starts sending to the seed
// stream's key (what OBS would do), then go-live moves the upcoming broadcast through testing.
let streamKey = emulator.streamKey(ofStream: GoogleEmulator.Seed.streamID) ?? ""
emulator.stopEncoder(streamKey: streamKey)
print("\n(encoder) the emulator's simulated encoder starts sending to stream key \(streamKey)")
emulator.startEncoder(streamKey: streamKey)
let upcoming = GoogleEmulator.Seed.upcomingBroadcastID
succeeded = await run(youtube, ["go-live", upcoming, "--wait", "1m", "--poll-interval", "0.5"], common: youtubeOptions) && succeeded
succeeded = await run(youtube, ["streams", "health", GoogleEmulator.Seed.streamID], common: youtubeOptions) && succeeded
succeeded = await run(youtube, ["end", upcoming, "--poll-interval", "0.5"], common: youtubeOptions) && succeeded
succeeded = await run(youtube, ["quota"], common: youtubeOptions) && succeeded

heading("Drive")
let drive = DriveTool.tool(browser: scriptedBrowser)
let driveOptions = ["--token-store", workDirectory.appendingPathComponent("drive-tokens.json").path]
succeeded = await run(drive, ["login"], common: driveOptions) && succeeded
succeeded = await run(drive, ["files", "list", "--max", "15"], common: driveOptions) && succeeded

print(succeeded ? "\nDemo finished. Run `swift run youtube-live --help` or `swift run drive --help` to explore." : "\nDemo failed.")
exit(succeeded ? ExitStatus.success.rawValue : ExitStatus.failure.rawValue)
