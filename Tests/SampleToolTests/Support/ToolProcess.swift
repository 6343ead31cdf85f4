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
    static func run(
        _ tool: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(60)
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
        // Read both pipes concurrently so a chatty tool cannot block on a full pipe.
        async let outputData = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }.value
        async let errorData = Task.detached { error.fileHandleForReading.readDataToEndOfFile() }.value
        let watchdog = Task.detached {
            try await Task.sleep(for: timeout)
            if process.isRunning { process.terminate() }
        }
        let (standardOutput, standardError) = await (outputData, errorData)
        process.waitUntilExit()
        watchdog.cancel()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: standardOutput, as: UTF8.self),
            standardError: String(decoding: standardError, as: UTF8.self))
    }
}
