import Foundation
import GoogleAuth
import GoogleEmulator
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Client configuration and client_secret JSON")
struct ClientConfigurationTests {
    static let installed = """
        {"installed":{"client_id":"123-abc.apps.googleusercontent.com","project_id":"demo",
        "auth_uri":"http://127.0.0.1:8080/o/oauth2/v2/auth","token_uri":"http://127.0.0.1:8080/token",
        "auth_provider_x509_cert_url":"https://www.googleapis.com/oauth2/v1/certs",
        "client_secret":"GOCSPX-very-secret","redirect_uris":["http://localhost"]}}
        """

    @Test("Loads an installed-app file from disk, with file endpoints and other defaults")
    func installedFile() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("client_secret_123.json")
        try Data(Self.installed.utf8).write(to: file)
        let configuration = try OAuthClientConfiguration(contentsOf: file)
        #expect(configuration.clientID == "123-abc.apps.googleusercontent.com")
        #expect(configuration.clientSecret == "GOCSPX-very-secret")
        #expect(configuration.endpoints.authorization.absoluteString == "http://127.0.0.1:8080/o/oauth2/v2/auth")
        #expect(configuration.endpoints.token.absoluteString == "http://127.0.0.1:8080/token")
        #expect(configuration.endpoints.revocation == OAuthEndpoints.googleRevocation)
        #expect(configuration.endpoints.deviceAuthorization.absoluteString == "https://oauth2.googleapis.com/device/code")
        #expect(configuration.redirectURIs == ["http://localhost"])
        #expect(!configuration.description.contains("GOCSPX"))
        #expect(!String(reflecting: configuration).contains("GOCSPX"))
    }

    @Test("Accepts the web key and a missing secret; defaults are Google's")
    func webWithoutSecret() throws {
        let configuration = try OAuthClientConfiguration(jsonData: Data(#"{"web":{"client_id":"x"}}"#.utf8))
        #expect(configuration.clientID == "x")
        #expect(configuration.clientSecret == nil)
        #expect(configuration.endpoints == .google)
        #expect(OAuthEndpoints.google.authorization.absoluteString == "https://accounts.google.com/o/oauth2/v2/auth")
        #expect(OAuthEndpoints.google.token.absoluteString == "https://oauth2.googleapis.com/token")
    }

    @Test(
        "Malformed files name the offending JSON path",
        arguments: [
            ("not json", "$"),
            ("[1,2]", "$"),
            (#"{"other":{}}"#, "installed"),
            (#"{"installed":"str"}"#, "installed"),
            (#"{"installed":{}}"#, "installed.client_id"),
            (#"{"installed":{"client_id":7}}"#, "installed.client_id"),
            (#"{"installed":{"client_id":""}}"#, "installed.client_id"),
            (#"{"web":{"client_id":"x","client_secret":1}}"#, "web.client_secret"),
            (#"{"installed":{"client_id":"x","token_uri":"not a url"}}"#, "installed.token_uri"),
            (#"{"installed":{"client_id":"x","redirect_uris":["a",5]}}"#, "installed.redirect_uris[1]"),
            (#"{"installed":{"client_id":"x","redirect_uris":"a"}}"#, "installed.redirect_uris"),
        ])
    func malformed(json: String, path: String) {
        let error = #expect(throws: OAuthError.self) { _ = try OAuthClientConfiguration(jsonData: Data(json.utf8)) }
        guard let error, error.code == .invalidClientConfiguration, let reported = error.configurationPath else {
            Issue.record("expected invalidClientConfiguration, got \(String(describing: error))")
            return
        }
        #expect(reported == path)
        #expect(error.description.contains(path))
    }

    @Test("A missing file is a typed error")
    func missingFile() {
        #expect(throws: OAuthError.self) {
            _ = try OAuthClientConfiguration(contentsOf: URL(fileURLWithPath: "/nonexistent/client_secret.json"))
        }
    }

    @Test("A FIFO, a directory or a huge file at the client secret path is refused at once, naming what it is")
    func oddFilesRefused() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("client_secret_fifo.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // Were the open to block on the FIFO (no writer), this thread ends it after 10 s with an
        // empty write side, so the test fails on the wrong message instead of hanging.
        let path = fifo.path
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 10)
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
        }
        let huge = root.appendingPathComponent("client_secret_huge.json")
        try Data(repeating: 0x20, count: 1 << 20).write(to: huge)
        for (url, words) in [
            (fifo, "is a device, FIFO or socket"), (root, "is a directory"), (huge, "too large"),
        ] {
            do {
                _ = try OAuthClientConfiguration(contentsOf: url)
                Issue.record("\(url.lastPathComponent) was accepted")
            } catch let error as OAuthError {
                #expect(error.code == .invalidClientConfiguration)
                #expect(String(describing: error).contains(words), "\(error)")
            }
        }
    }

    @Test("Emulator endpoint layout")
    func emulatorEndpoints() throws {
        let endpoints = OAuthEndpoints(emulatorBaseURL: try #require(URL(string: "http://127.0.0.1:4567")))
        #expect(endpoints.authorization.absoluteString == "http://127.0.0.1:4567/o/oauth2/v2/auth")
        #expect(endpoints.token.absoluteString == "http://127.0.0.1:4567/token")
        #expect(endpoints.revocation.absoluteString == "http://127.0.0.1:4567/revoke")
        #expect(endpoints.deviceAuthorization.absoluteString == "http://127.0.0.1:4567/device/code")
    }

    @Test("The emulator's client_secret.json loads and points at the emulator")
    func emulatorClientFile() async throws {
        let harness = try EmulatorHarness()
        let data = try #require(harness.emulator.clientSecretJSON(baseURL: harness.baseURL))
        let loaded = try OAuthClientConfiguration(jsonData: data, endpoints: OAuthEndpoints(emulatorBaseURL: harness.baseURL))
        #expect(loaded.endpoints == harness.clientConfiguration.endpoints)
        #expect(loaded.clientID == harness.clientConfiguration.clientID)
        #expect(loaded.clientSecret == harness.clientConfiguration.clientSecret)
        #expect(harness.emulator.clientSecretJSON(baseURL: harness.baseURL, clientID: "unknown") == nil)
        let credentials = try await harness.makeClient(configuration: loaded)
            .authorize(scopes: ["email"], browser: CurlBrowser(transport: harness.transport))
        #expect(credentials.hasScope("email"))
    }
}
