import Foundation

// MARK: - ToolProcess

/// Runs a built sample tool as a user would: a separate process with its own environment,
/// standard output and error captured, exit status returned.
struct ToolProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The folder holding the built executables (next to the test bundle).
    static let productsDirectory: URL = {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("youtube-live").path) {
                return url
            }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }()

    /// Runs `tool` with `arguments`, killing it after `timeout`.
    ///
    /// Waiting for the process and draining its pipes happen on Dispatch threads, never on the
    /// cooperative pool: the emulator these tools talk to runs on that pool in this same process.
    static func run(
        _ tool: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(120)
    ) async throws -> Result {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(tool)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .seconds(Int(timeout.components.seconds)), execute: watchdog)
        defer { watchdog.cancel() }
        async let standardOutput = drain(output)
        async let standardError = drain(error)
        let (outputData, errorData) = await (standardOutput, standardError)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    private static func drain(_ pipe: Pipe) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile())
            }
        }
    }
}
