import Foundation

// MARK: - CodegenProcess

/// Runs executables as a user would (the built `google-api-codegen`, `swift` itself): a separate
/// process, output captured, waited for on Dispatch threads so no cooperative thread blocks.
enum CodegenProcess {
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
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("google-api-codegen").path) {
                return url
            }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }()

    /// This package's root (the real path of the package under test).
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            let manifest = url.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"google-api-swift\"") {
                return url
            }
        }
        fatalError("google-api-swift's Package.swift not found above \(#filePath)")
    }()

    /// Runs `executable` with `arguments`, terminating it after `timeout`.
    static func run(
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
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs the built `google-api-codegen`.
    static func codegen(_ arguments: [String], directory: URL? = nil) async throws -> Result {
        try await run(productsDirectory.appendingPathComponent("google-api-codegen"), arguments, directory: directory)
    }

    private static func drain(_ pipe: Pipe) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile())
            }
        }
    }
}
