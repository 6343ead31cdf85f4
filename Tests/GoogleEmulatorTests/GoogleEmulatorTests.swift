import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite struct GoogleEmulatorLifecycleTests {
    @Test func unknownPathsAre404AndOAuthIsServed() async throws {
        let harness = try EmulatorHarness()
        let unknown = try await harness.send(.get, "/nothing/here")
        #expect(unknown.status == 404)
        #expect(unknown.errorReason == "notFound")
        let token = try await harness.send(
            .post, "/token", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: .data(Data("grant_type=refresh_token&refresh_token=bad&client_id=x".utf8)), authorized: false)
        #expect(token.status >= 400 && token.status < 500)
        #expect(token.json["error"] != nil)
    }

    @Test func clientSecretFileAndEnvironment() throws {
        let emulator = try GoogleEmulator.start(configuration: .init(seedData: false))
        let url = temporaryFileURL("client.json")
        defer { try? FileManager.default.removeItem(at: url) }
        try emulator.writeClientSecretFile(to: url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let installed = json.object("installed")
        #expect(installed.string("token_uri") == emulator.baseURL.absoluteString + "/token")
        #expect(installed.string("client_id") == "test-client.apps.googleusercontent.com")
        let variables = Dictionary(uniqueKeysWithValues: emulator.environment(clientSecretFile: url).map { ($0.name, $0.value) })
        #expect(variables["GOOGLE_API_ROOT_URL"] == emulator.baseURL.absoluteString + "/")
        #expect(variables["GOOGLE_CLIENT_SECRET_FILE"] == url.path)
        #expect(emulator.driveFileCount == 0)
        emulator.stop()
        #expect(!FileManager.default.fileExists(atPath: emulator.contentDirectory.path))
    }
}
