import Foundation
import GoogleEmulator
import LocalHTTPServer
import Testing

/// `--auth adc`, `--api-key` and `videos get`, run as separate processes against the emulator.
@Suite("Sample tools with ADC and API keys")
struct CredentialsToolTests {
    typealias Seed = GoogleEmulator.Seed
    static let email = "robot@emulated-project.iam.gserviceaccount.com"

    /// The fixture's environment without any credentials the machine may have, and a metadata
    /// host where nothing listens.
    static func environment(_ fixture: ToolFixture, _ extra: [String: String] = [:]) throws -> [String: String] {
        var variables = fixture.environment
        for name in ["GOOGLE_APPLICATION_CREDENTIALS", "CLOUDSDK_CONFIG", "GOOGLE_API_KEY", "GOOGLE_CLI_AUTH"] {
            variables[name] = nil
        }
        let closed = try LocalHTTPServer.start { _ in .notFound }
        variables["GCE_METADATA_HOST"] = "localhost:\(closed.baseURL.port ?? 9)"
        closed.stop()
        return variables.merging(extra) { $1 }
    }

    /// A service account the emulator knows, and its key file in the fixture's folder.
    static func serviceAccountKeyFile(_ fixture: ToolFixture) throws -> URL {
        let made = try EmulatedServiceAccount.makeForTests(
            email: email, tokenURI: fixture.emulator.baseURL.appendingPathComponent("token"), quotaProjectID: "cli-quota")
        fixture.emulator.oauth.updateConfiguration { $0.serviceAccounts.append(made.account) }
        let file = fixture.directory.appendingPathComponent("service-account.json")
        try made.keyFile.write(to: file)
        return file
    }

    @Test("videos get works with an API key and shows the live details")
    func videosGetWithAnAPIKey() async throws {
        let fixture = try ToolFixture()
        let result = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.liveBroadcastID, "--api-key", GoogleEmulator.testAPIKey],
            environment: try Self.environment(fixture))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Live Coding Session"))
        #expect(result.standardOutput.contains("Live status:        live"))
        #expect(result.standardOutput.contains("Active live chat:   \(Seed.liveChatID)"))
        #expect(fixture.emulator.oauth.tokenRequestCount == 0)

        let json = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.completedBroadcastID, "--json"],
            environment: try Self.environment(fixture, ["GOOGLE_API_KEY": GoogleEmulator.testAPIKey]))
        #expect(json.status == 0, "\(json.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect(object?["liveStatus"] as? String == "none")
        #expect(object?["activeLiveChatId"] == nil)
    }

    @Test("a wrong key fails with 1 and OAuth-only commands say a key is not enough")
    func wrongKeyAndOAuthOnlyCommands() async throws {
        let fixture = try ToolFixture()
        let wrong = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.liveBroadcastID],
            environment: try Self.environment(fixture, ["GOOGLE_API_KEY": "AIza-wrong-key"]))
        #expect(wrong.status == 1)
        #expect(!wrong.standardError.contains("AIza-wrong-key"))
        let streams = try await ToolProcess.run(
            "youtube-live", ["streams", "list"], environment: try Self.environment(fixture, ["GOOGLE_API_KEY": GoogleEmulator.testAPIKey]))
        #expect(streams.status == 1)
        #expect(streams.standardError.contains("needs OAuth"))
    }

    @Test("--auth adc uses a service account key: status names it, commands work, login does not apply")
    func applicationDefaultCredentialsWithAServiceAccount() async throws {
        let fixture = try ToolFixture()
        let keyFile = try Self.serviceAccountKeyFile(fixture)
        let environment = try Self.environment(fixture, ["GOOGLE_APPLICATION_CREDENTIALS": keyFile.path])
        let status = try await ToolProcess.run("youtube-live", ["status", "--auth", "adc"], environment: environment)
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("service_account from GOOGLE_APPLICATION_CREDENTIALS"))
        #expect(status.standardOutput.contains(Self.email))
        #expect(status.standardOutput.contains("Quota project:  cli-quota"))
        #expect(status.standardOutput.contains("expires in"))

        let streams = try await ToolProcess.run(
            "youtube-live", ["streams", "list"], environment: environment.merging(["GOOGLE_CLI_AUTH": "adc"]) { $1 })
        #expect(streams.status == 0, "\(streams.standardError)")
        #expect(streams.standardOutput.contains(Seed.streamID))
        let files = try await ToolProcess.run("drive", ["files", "list", "--auth", "adc", "--max", "3"], environment: environment)
        #expect(files.status == 0, "\(files.standardError)")

        for command in ["login", "logout"] {
            let refused = try await ToolProcess.run("youtube-live", [command, "--auth", "adc"], environment: environment)
            #expect(refused.status == 2)
            #expect(refused.standardError.contains("does not apply"))
        }
    }

    @Test("no Application Default Credentials: exit 1 (not 3) naming every place tried")
    func noApplicationDefaultCredentials() async throws {
        let fixture = try ToolFixture()
        let result = try await ToolProcess.run(
            "youtube-live", ["streams", "list"], environment: try Self.environment(fixture, ["GOOGLE_CLI_AUTH": "adc"]))
        #expect(result.status == 1)
        #expect(result.standardError.contains("GOOGLE_APPLICATION_CREDENTIALS is not set"))
        #expect(result.standardError.contains("application_default_credentials.json does not exist"))
        #expect(result.standardError.contains("no metadata server answered"))
        let bogus = try await ToolProcess.run("drive", ["files", "list", "--auth", "robot"], environment: try Self.environment(fixture))
        #expect(bogus.status == 2)
    }

    @Test("status says user credentials by default")
    func statusNamesUserCredentials() async throws {
        let fixture = try ToolFixture()
        _ = try await ToolProcess.run("youtube-live", ["login"], environment: try Self.environment(fixture))
        let status = try await ToolProcess.run("youtube-live", ["status", "--json"], environment: try Self.environment(fixture))
        #expect(status.status == 0, "\(status.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
        #expect((object?["credentials"] as? [String: Any])?["kind"] as? String == "user")
    }
}
