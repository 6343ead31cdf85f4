import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import GoogleHTTPTypes
import TestSupport
import Testing

// MARK: - GoogleEnvironmentTests

/// The opt-in that reads endpoints from environment variables. Every test passes a dictionary:
/// the process environment is never touched (tests run in parallel in one process).
@Suite struct GoogleEnvironmentTests {
    @Test("GOOGLE_API_TRANSPORT picks the transport; unset keeps the platform's shared one; an unknown name is refused")
    func transportVariable() throws {
        let unset = try GoogleEnvironment(variables: [:])
        #expect(unset.transport == nil)
        #expect(unset.makeTransport() as AnyObject === DefaultHTTPTransport.shared as AnyObject)
        let chosen = try GoogleEnvironment(variables: ["GOOGLE_API_TRANSPORT": "URLSession"])
        #expect(chosen.transport == .urlSession)
        #expect(chosen.makeTransport() is URLSessionTransport)
        #expect(chosen.variables.contains { $0.name == "GOOGLE_API_TRANSPORT" && $0.value == "urlsession" })
        #expect(try GoogleEnvironment(variables: ["GOOGLE_API_TRANSPORT": "curl"]).makeTransport() is CurlTransport)
        let error = try #require(throws: GoogleEnvironmentError.self) {
            try GoogleEnvironment(variables: ["GOOGLE_API_TRANSPORT": "http3"])
        }
        #expect(error.variable == "GOOGLE_API_TRANSPORT")
        #expect(error.description.contains("curl or urlsession"))
    }

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

    @Test(
        "plain http to a host that is not loopback, other schemes and garbage are refused, naming the variable",
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
        try Data(
            #"{"installed":{"client_id":"id-1","client_secret":"s","auth_uri":"https://accounts.example.com/auth","token_uri":"https://oauth.example.com/token"}}"#
                .utf8
        )
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
        #expect(
            Set(printed.map(\.name)) == [
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

// MARK: - Trusted CAs

/// `GOOGLE_API_CA_BUNDLE`, `SSL_CERT_FILE` and `SSL_CERT_DIR` (issue 35, point 8).
@Suite struct GoogleEnvironmentCertificateTests {
    @Test("GOOGLE_API_CA_BUNDLE wins over SSL_CERT_FILE; SSL_CERT_DIR is a directory; both reach the transport configuration")
    func caVariables() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = directory.appendingPathComponent("ours.pem")
        let openssl = directory.appendingPathComponent("openssl.pem")
        try Data("x".utf8).write(to: ours)
        try Data("x".utf8).write(to: openssl)
        let both = try GoogleEnvironment(variables: ["GOOGLE_API_CA_BUNDLE": ours.path, "SSL_CERT_FILE": openssl.path])
        #expect(both.caBundleFile?.path == ours.path)
        let onlyOpenSSL = try GoogleEnvironment(variables: ["SSL_CERT_FILE": openssl.path, "SSL_CERT_DIR": directory.path])
        let configuration = onlyOpenSSL.transportConfiguration()
        #expect(configuration.caBundlePath == openssl.path && configuration.caDirectoryPath == directory.path)
        #expect(onlyOpenSSL.replacesTrustedCertificates)
        #expect(onlyOpenSSL.variables.contains { $0.name == "SSL_CERT_DIR" })
        let none = try GoogleEnvironment(variables: ["SSL_CERT_FILE": ""])
        #expect(!none.replacesTrustedCertificates && none.transportConfiguration() == .default)
    }

    @Test("a CA variable naming nothing, or a file where a directory belongs, is an error naming the variable")
    func missingCAFiles() {
        for (name, value) in [
            ("SSL_CERT_FILE", "/nonexistent/ca.pem"), ("SSL_CERT_DIR", "/etc/hostname"),
            ("GOOGLE_API_CA_BUNDLE", "/nonexistent"), ("SSL_CERT_FILE", "/"),
        ] {
            #expect { _ = try GoogleEnvironment(variables: [name: value]) } throws: { error in
                (error as? GoogleEnvironmentError)?.variable == name
            }
        }
    }
}

/// The CA variables through the real transport: a self-signed local server is refused by
/// default and accepted once its certificate is the trusted bundle.
@Suite struct GoogleEnvironmentTrustTests {
    @Test(
        "SSL_CERT_FILE / SSL_CERT_DIR make a self-signed local server trusted; without them it is refused",
        .enabled(if: SelfSignedTLSServer.openssl != nil, "needs the openssl command for a local TLS server"))
    func selfSignedServer() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await SelfSignedTLSServer.start(in: directory)
        defer { server.stop() }

        let plain = CurlTransport(configuration: try GoogleEnvironment(variables: [:]).transportConfiguration())
        await #expect { _ = try await plain.send(GoogleHTTPRequest(url: server.baseURL)) } throws: { error in
            (error as? HTTPTransportError)?.kind == .tls
        }
        let trusting = CurlTransport(
            configuration: try GoogleEnvironment(variables: ["SSL_CERT_FILE": server.certificateFile.path]).transportConfiguration())
        #expect(try await trusting.send(GoogleHTTPRequest(url: server.baseURL)).status == 200)

        // A hashed directory, as `openssl rehash` (or c_rehash) makes them.
        let hashed = directory.appendingPathComponent("certs", isDirectory: true)
        try FileManager.default.createDirectory(at: hashed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: server.certificateFile, to: hashed.appendingPathComponent("local.pem"))
        let rehash = try await ChildProcess.run(URL(fileURLWithPath: SelfSignedTLSServer.openssl!), ["rehash", hashed.path])
        try #require(rehash.status == 0, "\(rehash.standardError)")
        let viaDirectory = CurlTransport(
            configuration: try GoogleEnvironment(variables: ["SSL_CERT_DIR": hashed.path]).transportConfiguration())
        #expect(try await viaDirectory.send(GoogleHTTPRequest(url: server.baseURL)).status == 200)
    }
}
