import Foundation
import GoogleEmulator

// MARK: - ToolFixture

/// A running emulator plus a private folder with a client secret and token stores, and the
/// environment a user would export to point the tools at it.
final class ToolFixture: @unchecked Sendable {
    let emulator: GoogleEmulator
    let directory: URL
    let clientSecretFile: URL

    init(configuration: GoogleEmulator.Configuration = .init()) throws {
        emulator = try GoogleEmulator.start(configuration: configuration)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sample-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clientSecretFile = directory.appendingPathComponent("client_secret.json")
        try emulator.writeClientSecretFile(to: clientSecretFile)
    }

    deinit {
        emulator.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var tokenStore: URL { directory.appendingPathComponent("config/tokens.json") }

    /// The environment a user would have: the emulator's variables, a token store, and a
    /// "browser" that follows the consent redirect back to the tool's loopback listener.
    var environment: [String: String] {
        var variables = ProcessInfo.processInfo.environment
        for variable in emulator.environment(clientSecretFile: clientSecretFile) {
            variables[variable.name] = variable.value
        }
        variables["GOOGLE_TOKEN_STORE"] = tokenStore.path
        variables["BROWSER"] = "curl -s -f -L -o /dev/null %s"
        variables["HOME"] = directory.path
        return variables
    }

    func run(_ tool: String, _ arguments: String...) async throws -> ToolProcess.Result {
        try await ToolProcess.run(tool, arguments, environment: environment)
    }

    /// Logs `tool` in and checks that it worked.
    func login(_ tool: String) async throws -> ToolProcess.Result {
        try await run(tool, "login")
    }
}
