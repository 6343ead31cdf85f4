import Foundation
import GoogleEmulator
import GoogleHTTPTypes
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

/// The tools' messages for credentials files, token sources, proxies and CAs at their edges
/// (issue 36; issue 35 point 8), run as separate processes against local servers.
@Suite("Sample tools at the network's and the file system's edges")
struct NetworkEdgeToolTests {
    typealias Seed = GoogleEmulator.Seed

    /// The fixture's environment without the machine's credentials or proxies.
    static func environment(_ fixture: ToolFixture, _ extra: [String: String] = [:]) throws -> [String: String] {
        var variables = try CredentialsToolTests.environment(fixture)
        for name in [
            "HTTPS_PROXY", "https_proxy", "http_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY", "no_proxy",
            "SSL_CERT_FILE", "SSL_CERT_DIR", "GOOGLE_API_CA_BUNDLE",
        ] {
            variables[name] = nil
        }
        return variables.merging(extra) { $1 }
    }

    @Test("GOOGLE_APPLICATION_CREDENTIALS naming a huge file, a device, a FIFO, a directory, a link loop or non-JSON: each its own message")
    func credentialsFilesNamedForWhatTheyAre() async throws {
        let fixture = try ToolFixture()
        let folder = fixture.directory.appendingPathComponent("odd", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fifo = folder.appendingPathComponent("fifo.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let loop = folder.appendingPathComponent("loop.json").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: folder.appendingPathComponent("loop2.json").path)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("loop2.json").path, withDestinationPath: loop)
        let html = folder.appendingPathComponent("key.json")
        try Data("<html>sign in</html>".utf8).write(to: html)
        let huge = folder.appendingPathComponent("huge.json")
        try #require(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 8 << 30)  // sparse: 8 GiB that take no disk
        try handle.close()
        let cases = [
            (huge.path, "too large for a credentials file"),
            ("/dev/zero", "is a device, FIFO or socket"), (fifo, "is a device, FIFO or socket"),
            (folder.path, "is a directory"), (loop, "symbolic link loop"), (html.path, "is not JSON"),
        ]
        for (path, words) in cases {
            let result = try await ToolProcess.run(
                "drive", ["files", "list", "--auth", "adc"],
                environment: try Self.environment(fixture, ["GOOGLE_APPLICATION_CREDENTIALS": path]), timeout: .seconds(60))
            #expect(result.status == 1, "\(path): \(result.standardError)")
            #expect(result.standardError.contains(words), "\(path): \(result.standardError)")
            #expect(result.standardError.contains("GOOGLE_APPLICATION_CREDENTIALS (\(path))"), "\(result.standardError)")
        }
    }

    @Test("an authorized_user file whose refresh token is refused: exit 1 naming the file and gcloud, not this tool's login")
    func authorizedUserFileRefused() async throws {
        let fixture = try ToolFixture()
        let client = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.clientSecretFile)) as? [String: Any])
        let installed = try #require((client["installed"] ?? client["web"]) as? [String: Any])
        let file = fixture.directory.appendingPathComponent("adc.json")
        try JSONSerialization.data(withJSONObject: [
            "type": "authorized_user", "client_id": installed["client_id"] as? String ?? "",
            "client_secret": installed["client_secret"] as? String ?? "", "refresh_token": "1//revoked-long-ago",
            "token_uri": fixture.emulator.baseURL.appendingPathComponent("token").absoluteString,
        ]).write(to: file)
        let result = try await ToolProcess.run(
            "drive", ["files", "list", "--auth", "adc"],
            environment: try Self.environment(fixture, ["GOOGLE_APPLICATION_CREDENTIALS": file.path]))
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("gcloud auth application-default login"), "\(result.standardError)")
        #expect(result.standardError.contains("GOOGLE_APPLICATION_CREDENTIALS (\(file.path))"), "\(result.standardError)")
        #expect(!result.standardError.contains("drive login"))
        #expect(!result.standardError.contains("revoked-long-ago"))
    }

    @Test("a metadata server sending a token with CR LF: the tool names the metadata server, not an invalid header")
    func metadataTokenWithLineBreak() async throws {
        let fixture = try ToolFixture()
        let metadata = try LocalHTTPServer.start { _ in
            var response = HTTPServerResponse.json(
                Data(#"{"access_token": "ya29.a\r\nX: 1", "expires_in": 3600, "token_type": "Bearer"}"#.utf8))
            response.headers["Metadata-Flavor"] = "Google"
            return response
        }
        defer { metadata.stop() }
        let host = "127.0.0.1:\(metadata.baseURL.port ?? 0)"
        let result = try await ToolProcess.run(
            "youtube-live", ["streams", "list", "--auth", "adc"], environment: try Self.environment(fixture, ["GCE_METADATA_HOST": host]))
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("the metadata server at \(host) sent an access token that cannot be used"),
            "\(result.standardError)")
        #expect(!result.standardError.contains("invalid header"))
        #expect(!result.standardError.contains("ya29"))
    }

    @Test("a token endpoint failing with 503 twice: the tool shows both waits and then works")
    func tokenEndpointRetried() async throws {
        let fixture = try ToolFixture()
        let keyFile = try CredentialsToolTests.serviceAccountKeyFile(fixture)
        fixture.emulator.faults.enqueue(.status(503), matching: "/token", count: 2)
        let result = try await ToolProcess.run(
            "drive", ["files", "list", "--auth", "adc", "--max", "3"],
            environment: try Self.environment(fixture, ["GOOGLE_APPLICATION_CREDENTIALS": keyFile.path]))
        #expect(result.status == 0, "\(result.standardError)")
        let waits = result.standardError.split(separator: "\n").filter { $0.contains("waiting") }
        #expect(waits.count == 2, "\(result.standardError)")
        #expect(
            waits.allSatisfy { $0.contains("(503 service unavailable from \(fixture.emulator.baseURL.absoluteString)") },
            "\(result.standardError)")
    }

    @Test("a metadata server that accepts the token request and never answers: drive files list fails within ~30 s, naming it")
    func silentMetadataServer() async throws {
        let fixture = try ToolFixture()
        let tokenRequests = Counter()
        let firstTokenRequest = Mutex<ContinuousClock.Instant?>(nil)
        // How long each token request was held before the tool gave it up: its per-attempt limit.
        let attempts = Mutex<[Duration]>([])
        // Answers the ADC probe (`GET /`) as a metadata server, then never the token request.
        let metadata = try RawResponder { connection in
            guard connection.requestHead.hasPrefix("GET / ") else {
                let arrived = ContinuousClock.now
                firstTokenRequest.withLock { $0 = $0 ?? arrived }
                tokenRequests.increment()
                connection.waitForClientToClose()
                attempts.withLock { $0.append(arrived.duration(to: .now)) }
                return
            }
            connection.send("HTTP/1.1 200 OK\r\nMetadata-Flavor: Google\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        let host = "127.0.0.1:\(metadata.port)"
        let started = ContinuousClock.now
        let result = try await ToolProcess.run(
            "drive", ["files", "list", "--auth", "adc"], environment: try Self.environment(fixture, ["GCE_METADATA_HOST": host]))
        let ended = ContinuousClock.now
        let retrying = try #require(firstTokenRequest.withLock { $0 }).duration(to: ended)
        print(
            "silent metadata server: drive files list failed \(started.duration(to: ended)) after it started, "
                + "\(retrying) after its first token request (\(tokenRequests.value) token requests, each held "
                + "\(attempts.withLock { $0 }) when the tool exited)")
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("metadata server at \(host)"), "\(result.standardError)")
        // Four attempts of a full request timeout each took over 120 s; a few seconds each, with
        // the session's retries, end in about 30 (22-25 s measured on a quiet machine). What is
        // asserted is how each attempt ended and how many there were, not wall-clock totals,
        // which in a loaded full suite (40-156 s measured, the holds still 4-5 s each) measure
        // the machine, not the retries: every token request the server saw was given up by the
        // tool (its per-attempt limit, 4 s), long before the other outcome, the transport's
        // default limits (no request limit, 60 s without a byte), which are what would hold an
        // attempt without a per-attempt limit; and the session retried, a bounded number of times.
        let otherOutcome = try #require(HTTPTimeouts().stall)
        // The server records a hold once it sees the close, which may come just after the tool exits.
        #expect(
            await waitUntil(.seconds(120)) { attempts.withLock { $0.count } == tokenRequests.value },
            "every token request ended by the tool closing it: \(attempts.withLock { $0 })")
        let held = attempts.withLock { $0 }
        #expect(held.allSatisfy { $0 < otherOutcome / 2 }, "an attempt lasted as long as the default stall limit: \(held)")
        #expect((2...5).contains(tokenRequests.value), "\(tokenRequests.value) token requests")
        #expect(retrying < .seconds(600), "a hang guard: took \(retrying)")
    }

    @Test("a metadata server answering 2 MiB: refused at 1 MiB, naming it")
    func hugeMetadataAnswer() async throws {
        let fixture = try ToolFixture()
        let body = Data(repeating: 0x20, count: 2 << 20)
        let metadata = try LocalHTTPServer.start { _ in
            var response = HTTPServerResponse.json(body)
            response.headers["Metadata-Flavor"] = "Google"
            return response
        }
        defer { metadata.stop() }
        let host = "127.0.0.1:\(metadata.baseURL.port ?? 0)"
        let result = try await ToolProcess.run(
            "youtube-live", ["streams", "list", "--auth", "adc"], environment: try Self.environment(fixture, ["GCE_METADATA_HOST": host]))
        #expect(result.status == 1)
        #expect(result.standardError.contains("the metadata server at \(host) answered with more than 1 MiB"), "\(result.standardError)")
    }

    @Test("a JWT grant refused for iat/exp: the tool says the clock may be wrong")
    func clockNamed() async throws {
        let fixture = try ToolFixture()
        let endpoint = try LocalHTTPServer.start { _ in
            .json(
                Data(
                    #"{"error": "invalid_grant", "error_description": "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim."}"#
                        .utf8), status: 400)
        }
        defer { endpoint.stop() }
        let made = try EmulatedServiceAccount.makeForTests(
            email: "robot@p.iam.gserviceaccount.com", tokenURI: endpoint.baseURL.appendingPathComponent("token"))
        let keyFile = fixture.directory.appendingPathComponent("sa.json")
        try made.keyFile.write(to: keyFile)
        let result = try await ToolProcess.run(
            "drive", ["files", "list", "--auth", "adc"],
            environment: try Self.environment(fixture, ["GOOGLE_APPLICATION_CREDENTIALS": keyFile.path]))
        #expect(result.status == 1)
        #expect(result.standardError.contains("clock may be wrong"), "\(result.standardError)")
    }

    @Test("a proxy answering CONNECT with 407: typed, names the proxy and HTTPS_PROXY, never its password, not retried")
    func proxyAuthenticationRequired() async throws {
        let fixture = try ToolFixture()
        let connects = Counter()
        let proxy = try RawResponder { connection in
            if connection.requestHead.hasPrefix("CONNECT ") { connects.increment() }
            connection.send(
                "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"corp\"\r\nContent-Length: 0\r\n\r\n")
        }
        let result = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.liveBroadcastID, "--api-key", GoogleEmulator.testAPIKey],
            environment: try Self.environment(
                fixture,
                [
                    "HTTPS_PROXY": "http://alice:s3cr3t-pw@127.0.0.1:\(proxy.port)", "GOOGLE_API_ROOT_URL": "https://127.0.0.1:9/",
                ]))
        #expect(result.status == 1)
        #expect(result.standardError.contains("the proxy 127.0.0.1:\(proxy.port) (from HTTPS_PROXY)"), "\(result.standardError)")
        #expect(result.standardError.contains("407 Proxy Authentication Required"))
        #expect(!result.standardError.contains("s3cr3t-pw") && !result.standardError.contains("alice"))
        #expect(!result.standardError.contains("waiting"), "a 407 was retried: \(result.standardError)")
        #expect(connects.value == 1)

        // Plain http (the emulator) has no CONNECT: the proxy's 407 is the answer, and is named the same way.
        let plainProxy = try RawResponder { connection in
            connection.send(
                "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"corp\"\r\nContent-Length: 0\r\n\r\n")
        }
        let plain = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.liveBroadcastID, "--api-key", GoogleEmulator.testAPIKey],
            environment: try Self.environment(fixture, ["http_proxy": "http://alice:s3cr3t-pw@127.0.0.1:\(plainProxy.port)"]))
        #expect(plain.status == 1)
        #expect(
            plain.standardError.contains("the proxy 127.0.0.1:\(plainProxy.port) (from http_proxy) answered with 407"),
            "\(plain.standardError)")
        #expect(!plain.standardError.contains("s3cr3t-pw") && !plain.standardError.contains("waiting"))
    }

    @Test("an unreachable proxy and a proxy closing the tunnel are named, with their variable")
    func proxyUnreachableAndTunnelClosed() async throws {
        let fixture = try ToolFixture()
        let closed = try LocalHTTPServer.start { _ in .notFound }
        let deadPort = closed.baseURL.port ?? 9
        closed.stop()
        let unreachable = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.liveBroadcastID, "--api-key", GoogleEmulator.testAPIKey],
            environment: try Self.environment(
                fixture,
                [
                    "https_proxy": "127.0.0.1:\(deadPort)", "GOOGLE_API_ROOT_URL": "https://127.0.0.1:9/",
                ]))
        #expect(unreachable.status == 1)
        #expect(
            unreachable.standardError.contains("the proxy 127.0.0.1:\(deadPort) (from https_proxy) could not be reached"),
            "\(unreachable.standardError)")

        let closing = try RawResponder { _ in }  // reads the CONNECT, then hangs up
        var environment = try Self.environment(
            fixture,
            [
                "HTTPS_PROXY": "http://127.0.0.1:\(closing.port)", "GOOGLE_API_ROOT_URL": "https://127.0.0.1:9/",
            ])
        environment["NO_PROXY"] = "example.com,.internal"  // not matching 127.0.0.1: the proxy is still used
        let tunnel = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.liveBroadcastID, "--api-key", GoogleEmulator.testAPIKey], environment: environment)
        #expect(tunnel.status == 1)
        #expect(
            tunnel.standardError.contains("the proxy 127.0.0.1:\(closing.port) (from HTTPS_PROXY) closed the tunnel"),
            "\(tunnel.standardError)")

        // NO_PROXY naming the host: no proxy at all, so the (closed) API root itself is refused.
        environment["NO_PROXY"] = "127.0.0.1"
        let direct = try await ToolProcess.run(
            "youtube-live", ["videos", "get", Seed.liveBroadcastID, "--api-key", GoogleEmulator.testAPIKey], environment: environment)
        #expect(direct.status == 1)
        #expect(!direct.standardError.contains("proxy"), "\(direct.standardError)")
    }

    /// Counts across threads.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test(
        "a self-signed TLS server: refused without SSL_CERT_FILE, trusted with it (and with GOOGLE_API_CA_BUNDLE)",
        .enabled(if: SelfSignedTLSServer.openssl != nil, "needs the openssl command for a local TLS server"))
    func caBundleFromTheEnvironment() async throws {
        let fixture = try ToolFixture()
        let directory = fixture.directory
        let server = try await SelfSignedTLSServer.start(in: directory)
        defer { server.stop() }
        let root = server.baseURL.absoluteString
        let cert = server.certificateFile.path
        let arguments = ["videos", "get", Seed.liveBroadcastID, "--api-key", GoogleEmulator.testAPIKey]

        let refused = try await ToolProcess.run(
            "youtube-live", arguments, environment: try Self.environment(fixture, ["GOOGLE_API_ROOT_URL": root]))
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("tls"), "\(refused.standardError)")

        for variable in ["SSL_CERT_FILE", "GOOGLE_API_CA_BUNDLE"] {
            let trusted = try await ToolProcess.run(
                "youtube-live", arguments, environment: try Self.environment(fixture, ["GOOGLE_API_ROOT_URL": root, variable: cert]))
            // s_server answers with an HTML status page: the TLS handshake passed, the API call
            // then fails on what came back, not on the certificate.
            #expect(!trusted.standardError.contains("tls for"), "\(variable): \(trusted.standardError)")
            #expect(!trusted.standardError.contains("certificate"), "\(variable): \(trusted.standardError)")
            #expect(trusted.standardError.contains("HTML page"), "\(variable): \(trusted.standardError)")
        }

        // The corporate network whole: through a working HTTPS proxy, to a server whose
        // certificate only the proxy's CA bundle vouches for.
        let proxy = try ConnectTunnelProxy()
        let tunnelled = try await ToolProcess.run(
            "youtube-live", arguments,
            environment: try Self.environment(
                fixture,
                [
                    "GOOGLE_API_ROOT_URL": root, "SSL_CERT_FILE": cert, "HTTPS_PROXY": "http://127.0.0.1:\(proxy.port)",
                ]))
        #expect(tunnelled.standardError.contains("HTML page"), "\(tunnelled.standardError)")
        #expect(proxy.tunnelCount >= 1)

        let missing = try await ToolProcess.run(
            "youtube-live", arguments,
            environment: try Self.environment(
                fixture, ["GOOGLE_API_ROOT_URL": root, "SSL_CERT_FILE": directory.appendingPathComponent("none.pem").path]))
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("SSL_CERT_FILE"), "\(missing.standardError)")
    }
}
