import Foundation
import TestSupport

// MARK: - ToolProcess

/// Runs a built sample tool as a user would, through `TestSupport.ChildProcess`: a separate
/// process with its own environment, standard output and error captured, exit status returned,
/// and no cooperative thread blocked (the emulator the tools talk to runs in this process).
enum ToolProcess {
    typealias Result = ChildProcess.Result

    /// The folder holding the built executables (next to the test bundle).
    static let productsDirectory = ChildProcess.productsDirectory(containing: "youtube-live")

    /// Runs `tool` with `arguments`, killing it after `timeout`.
    static func run(
        _ tool: String, _ arguments: [String], environment: [String: String], timeout: Duration = .seconds(120)
    ) async throws -> Result {
        try await ChildProcess.run(
            productsDirectory.appendingPathComponent(tool), arguments, environment: environment, timeout: timeout)
    }
}
