import Foundation

// MARK: - ChildProcess

/// Runs an executable as a user would — a separate process, its own environment, standard output
/// and error captured, the exit status returned — without blocking a cooperative thread: the
/// waits and the pipe reads happen on Dispatch threads, because servers the process talks to
/// (the emulator) may run in this same test process.
public enum ChildProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        /// Standard output as bytes (for binary output such as gzip's).
        public var outputData: Data
    }

    /// The folder holding the package's built executables: the nearest folder above the test
    /// bundle that contains `executable`.
    public static func productsDirectory(containing executable: String) -> URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent(executable).path) {
                return url
            }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// Runs `executable` with `arguments`, terminating it after `timeout`.
    /// - Parameters:
    ///   - directory: The working directory (this process's by default).
    ///   - environment: The child's whole environment (this process's by default).
    ///   - timeout: After this the child is sent SIGTERM; a hang becomes a failed result.
    public static func run(
        _ executable: URL, _ arguments: [String], directory: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Duration = .seconds(120)
    ) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout.components.seconds)), execute: watchdog)
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
            standardError: String(decoding: errorData, as: UTF8.self),
            outputData: outputData)
    }

    private static func drain(_ pipe: Pipe) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile())
            }
        }
    }
}
