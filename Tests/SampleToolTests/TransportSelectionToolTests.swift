import Foundation
import TestSupport
import Testing

/// `GOOGLE_API_TRANSPORT` picks the tools' transport (`curl`, the default on Linux, or
/// `urlsession`), so an end-to-end check of a tool can run against either; `--verbose` names the
/// one in use on its first line, and a name the tool does not know is a usage error (exit 2).
@Suite("GOOGLE_API_TRANSPORT in the tools")
struct TransportSelectionToolTests {
    @Test("each transport lists files against the emulator, and --verbose names it first", arguments: ["curl", "urlsession"])
    func listsWithEither(transport: String) async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        var environment = fixture.environment
        environment["GOOGLE_API_TRANSPORT"] = transport
        let list = try await ToolProcess.run("drive", ["files", "list", "--max", "3", "--verbose"], environment: environment)
        #expect(list.status == 0, "\(list.standardError)")
        let firstLine = list.standardError.split(separator: "\n").first.map(String.init)
        #expect(firstLine == "» transport: \(transport)", "\(list.standardError)")
        #expect(list.standardError.contains("-> 200 in "), "\(list.standardError)")
    }

    @Test("an unknown transport name is a usage error naming the variable and the choices")
    func unknownName() async throws {
        let fixture = try ToolFixture()
        var environment = fixture.environment
        environment["GOOGLE_API_TRANSPORT"] = "carrier-pigeon"
        let result = try await ToolProcess.run("drive", ["files", "list"], environment: environment)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("GOOGLE_API_TRANSPORT"), "\(result.standardError)")
        #expect(result.standardError.contains("curl or urlsession"), "\(result.standardError)")
    }
}
