import Foundation
import TestSupport

// MARK: - CodegenProcess

/// Runs executables as a user would (the built `google-api-codegen`, `swift` itself), through
/// `TestSupport.ChildProcess`: a separate process, output captured, no cooperative thread blocked.
enum CodegenProcess {
    typealias Result = ChildProcess.Result

    /// The folder holding the built executables (next to the test bundle).
    static let productsDirectory = ChildProcess.productsDirectory(containing: "google-api-codegen")

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
        try await ChildProcess.run(executable, arguments, directory: directory, environment: environment, timeout: timeout)
    }

    /// Runs the built `google-api-codegen`.
    static func codegen(_ arguments: [String], directory: URL? = nil) async throws -> Result {
        try await run(productsDirectory.appendingPathComponent("google-api-codegen"), arguments, directory: directory)
    }
}
