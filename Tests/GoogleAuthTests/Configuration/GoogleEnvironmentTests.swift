import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Testing

// MARK: - GoogleEnvironmentTests

/// The opt-in that reads endpoints from environment variables. Every test passes a dictionary:
/// the process environment is never touched (tests run in parallel in one process).
@Suite struct GoogleEnvironmentTests {
    @Test("every variable is read; an empty one counts as unset; nothing set keeps Google's endpoints")
    func readsVariables() throws {
        let environment = try GoogleEnvironment(variables: [
            "GOOGLE_API_ROOT_URL": "http://127.0.0.1:8089/",
            "GOOGLE_OAUTH_AUTH_URI": "http://127.0.0.1:8089/o/oauth2/v2/auth",
            "GOOGLE_OAUTH_TOKEN_URI": "https://oauth.example.com/token",
            "GOOGLE_OAUTH_REVOKE_URI": "http://localhost:8089/revoke",
            "GOOGLE_OAUTH_DEVICE_URI": "http://[::1]:8089/device/code",
            "GOOGLE_CLIENT_SECRET_FILE": "/tmp/client.json",
            "UNRELATED": "x",
        ])
        #expect(environment.apiRootURL?.absoluteString == "http://127.0.0.1:8089/")
        #expect(environment.authorizationEndpoint?.absoluteString == "http://127.0.0.1:8089/o/oauth2/v2/auth")
        #expect(environment.tokenEndpoint?.absoluteString == "https://oauth.example.com/token")
        #expect(environment.revocationEndpoint?.absoluteString == "http://localhost:8089/revoke")
        #expect(environment.deviceAuthorizationEndpoint?.absoluteString == "http://[::1]:8089/device/code")
        #expect(environment.clientSecretFile?.path == "/tmp/client.json")
        #expect(environment.overridesEndpoints)
        // The variables round-trip (what the emulator prints is what an app reads).
        let again = try GoogleEnvironment(variables: Dictionary(uniqueKeysWithValues: environment.variables.map { ($0.name, $0.value) }))
        #expect(again == environment)

        let empty = try GoogleEnvironment(variables: ["GOOGLE_API_ROOT_URL": "", "GOOGLE_OAUTH_TOKEN_URI": ""])
        #expect(empty == GoogleEnvironment())
        #expect(!empty.overridesEndpoints)
        #expect(empty.applied(to: OAuthEndpoints.google) == .google)
    }

    @Test("plain http to a host that is not loopback, other schemes and garbage are refused, naming the variable",
          arguments: [
            ("GOOGLE_API_ROOT_URL", "http://emulator.example.com:8089/"),
            ("GOOGLE_OAUTH_TOKEN_URI", "http://10.0.0.7/token"),
            ("GOOGLE_OAUTH_REVOKE_URI", "ftp://127.0.0.1/revoke"),
            ("GOOGLE_OAUTH_AUTH_URI", "not a url"),
            ("GOOGLE_OAUTH_DEVICE_URI", "http://127.0.0.1.evil.example/device"),
          ])
    func insecureValuesAreRefused(variable: String, value: String) {
        let error = #expect(throws: GoogleEnvironmentError.self) { try GoogleEnvironment(variables: [variable: value]) }
        #expect(error?.variable == variable)
        #expect(error?.description.hasPrefix(variable) == true)
    }

    @Test("a variable replaces the client file's auth_uri and token_uri; the file's values stay otherwise")
    func variablesWinOverTheClientFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"installed":{"client_id":"id-1","client_secret":"s","auth_uri":"https://accounts.example.com/auth","token_uri":"https://oauth.example.com/token"}}"#.utf8)
            .write(to: file)
        let environment = try GoogleEnvironment(variables: [
            "GOOGLE_OAUTH_TOKEN_URI": "http://127.0.0.1:9/token", "GOOGLE_OAUTH_REVOKE_URI": "http://127.0.0.1:9/revoke",
            "GOOGLE_CLIENT_SECRET_FILE": file.path,
        ])
        let configuration = try environment.clientConfiguration()
        #expect(configuration.clientID == "id-1")
        #expect(configuration.endpoints.authorization.absoluteString == "https://accounts.example.com/auth")
        #expect(configuration.endpoints.token.absoluteString == "http://127.0.0.1:9/token")
        #expect(configuration.endpoints.revocation.absoluteString == "http://127.0.0.1:9/revoke")
        #expect(configuration.endpoints.deviceAuthorization == OAuthEndpoints.googleDeviceAuthorization)

        let missing = #expect(throws: GoogleEnvironmentError.self) { _ = try GoogleEnvironment().clientConfiguration() }
        #expect(missing?.variable == "GOOGLE_CLIENT_SECRET_FILE")
    }

    @Test("an opted-in app signs in, refreshes and revokes at the emulator the variables name, and only there")
    func optedInClientTalksToTheEmulator() async throws {
        let emulator = try GoogleEmulator.start()
        defer { emulator.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("client-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try emulator.writeClientSecretFile(to: file)
        let printed = emulator.environment(clientSecretFile: file)
        #expect(Set(printed.map(\.name)) == [
            "GOOGLE_API_ROOT_URL", "GOOGLE_OAUTH_AUTH_URI", "GOOGLE_OAUTH_TOKEN_URI", "GOOGLE_OAUTH_REVOKE_URI",
            "GOOGLE_OAUTH_DEVICE_URI", "GOOGLE_CLIENT_SECRET_FILE",
        ])
        let environment = try GoogleEnvironment(variables: Dictionary(uniqueKeysWithValues: printed.map { ($0.name, $0.value) }))
        #expect(environment == (try GoogleEnvironment(variables: emulator.environmentVariables(clientSecretFile: file))))
        #expect(environment.apiRootURL == emulator.rootURL)
        #expect(environment.tokenEndpoint == emulator.oauthEndpoints.token)
        #expect(environment.revocationEndpoint == emulator.oauthEndpoints.revocation)
        #expect(environment.clientSecretFile == file)

        let transport = CurlTransport()
        let client = OAuthClient(configuration: try environment.clientConfiguration(), transport: transport)
        let credentials = try await client.authorize(scopes: ["email"], browser: EmulatorBrowser(transport: transport))
        let refreshed = try await client.refresh(credentials)
        try await client.revoke(token: try #require(refreshed.refreshToken))
        let paths = emulator.recordedRequests.map(\.path)
        #expect(paths.contains("/token"))
        #expect(paths.contains("/revoke"))
    }
}
