import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - EnvironmentOptInTests

/// `GOOGLE_API_ROOT_URL` and the OAuth variables reach services and the OAuth client only through
/// `GoogleEnvironment`, which an app must build; a variable alone redirects nothing.
@Suite struct EnvironmentOptInTests {
    static let drive = GoogleServiceDescriptor(
        name: "drive", version: "v3", rootURL: URL(string: "https://www.googleapis.com/")!, servicePath: "drive/v3/",
        batchPath: "batch/drive/v3")

    @Test("the session's apiRootURL is every service's root unless the service names its own; calls go there with the token")
    func sessionRootReachesServices() async throws {
        let emulator = try GoogleEmulator.start()
        defer { emulator.stop() }
        let environment = try GoogleEnvironment(variables: emulator.environmentVariables())
        let tokens = emulator.oauth.issueTokens(scopes: ["https://www.googleapis.com/auth/drive"])
        let session = AuthorizedSession(
            credentials: InMemoryTokenStore(
                OAuthTokens(
                    accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600), refreshToken: tokens.refresh,
                    scopes: ["https://www.googleapis.com/auth/drive"])),
            refresher: OAuthClient(
                configuration: environment.applied(to: OAuthClientConfiguration(clientID: OAuthEmulator.Client.testDesktopClient.id))),
            configuration: .init(apiRootURL: environment.apiRootURL))
        let client = GoogleServiceClient(session: session, descriptor: Self.drive)
        #expect(client.rootURL == emulator.rootURL)
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", GoogleEmulator.Seed.helloTextFileID)
        let file = try await client.execute(call, as: JSONValue.self)
        #expect(file["name"]?.stringValue == "hello.txt")

        let own = GoogleServiceClient(session: session, descriptor: Self.drive, rootURL: URL(string: "https://eu-drive.example.com/")!)
        #expect(own.rootURL.absoluteString == "https://eu-drive.example.com/")
    }

    @Test("an app that did not opt in keeps Google's endpoints whatever the process environment says (child process)")
    func variablesAloneRedirectNothing() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                // Only in this child process: the variables an emulator prints, pointing elsewhere.
                setenv("GOOGLE_API_ROOT_URL", "http://127.0.0.1:9/", 1)
                setenv("GOOGLE_OAUTH_TOKEN_URI", "http://127.0.0.1:9/token", 1)
                setenv("GOOGLE_OAUTH_REVOKE_URI", "http://127.0.0.1:9/revoke", 1)
                setenv("GOOGLE_OAUTH_AUTH_URI", "http://127.0.0.1:9/auth", 1)
                // The opt-in sees them (so this child really has them set) ...
                guard let optedIn = try? GoogleEnvironment.fromProcess(), optedIn.apiRootURL?.port == 9 else { exit(2) }
                // ... and nothing else in the library reads them.
                let configuration = OAuthClientConfiguration(clientID: "app")
                let fromFile = try? OAuthClientConfiguration(jsonData: Data(#"{"installed":{"client_id":"app"}}"#.utf8))
                let session = AuthorizedSession(
                    credentials: InMemoryTokenStore(nil), refresher: OAuthClient(configuration: configuration))
                let client = GoogleServiceClient(session: session, descriptor: EnvironmentOptInTests.drive)
                guard configuration.endpoints == .google, fromFile?.endpoints == .google,
                    client.rootURL.absoluteString == "https://www.googleapis.com/", session.configuration.apiRootURL == nil
                else { exit(1) }
                exit(0)
            }
        }
    }
}
