import Foundation
import GoogleAPIRuntime
import GoogleCrypto
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Testing

/// Service account keys end to end: the JWT bearer grant signed RS256 through libcrypto, verified
/// by the emulator with the account's public key, then API calls with the token.
@Suite("Service account credentials")
struct ServiceAccountCredentialsTests {
    typealias Bed = CredentialsTestBed

    @Test func aKeyFileSignsInAndCallsDrive() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        let key = try ServiceAccountKey(jsonData: Data(contentsOf: bed.keyFile))
        let session = AuthorizedSession(
            credentials: ServiceAccountCredentials(key: key, scopes: [Bed.driveScope]), configuration: .fastTests)
        let response = try await bed.drive(session).send(Bed.listCall)
        #expect(response.status == 200)
        let token = try await session.accessToken()
        #expect(bed.emulator.oauth.principal(ofAccessToken: token.value) == Bed.email)
        #expect(bed.emulator.oauth.tokenRequestCount == 1)
        let summary = await session.credentialsSummary()
        #expect(summary.kind == .serviceAccount && summary.account == Bed.email)
    }

    @Test func anExpiredTokenIsReplacedWithANewAssertionOnce() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        let key = try ServiceAccountKey(jsonData: bed.keyData)
        let session = AuthorizedSession(
            credentials: ServiceAccountCredentials(key: key, scopes: [Bed.driveScope]), configuration: .fastTests)
        let drive = bed.drive(session)
        _ = try await drive.send(Bed.listCall)
        bed.emulator.oauth.expireAccessTokens()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await drive.send(Bed.listCall).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(bed.emulator.oauth.tokenRequestCount == 2)
    }

    @Test func domainWideDelegationActsAsTheUserTheAccountMayActAs() async throws {
        let bed = try Bed(delegatedSubjects: ["alice@example.com"])
        defer { bed.stop() }
        let key = try ServiceAccountKey(jsonData: bed.keyData)
        let alice = ServiceAccountCredentials(key: key, scopes: [Bed.driveScope], subject: "alice@example.com")
        let token = try await alice.accessToken(for: AccessTokenRequest())
        #expect(bed.emulator.oauth.principal(ofAccessToken: token.value) == "alice@example.com")
        let mallory = ServiceAccountCredentials(key: key, scopes: [Bed.driveScope], subject: "mallory@example.com")
        await #expect { _ = try await mallory.accessToken(for: AccessTokenRequest()) } throws: { error in
            (error as? CredentialsError)?.code == .tokenEndpointError && "\(error)".contains("unauthorized_client")
        }
    }

    @Test func aKeyTheTokenEndpointDoesNotKnowIsRefusedWithATypedError() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        // Same account, another key pair: the signature does not verify.
        let other = try EmulatedServiceAccount.makeForTests(
            email: Bed.email, tokenURI: bed.emulator.baseURL.appendingPathComponent("token"))
        let credentials = ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: other.keyFile), scopes: [Bed.driveScope])
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        await #expect { _ = try await bed.drive(session).send(Bed.listCall) } throws: { error in
            guard let error = error as? CredentialsError else { return false }
            return error.code == .tokenEndpointError && error.message.contains("Invalid JWT Signature") && error.status == 400
        }
    }

    @Test func theEmulatorChecksAudienceLifetimeIssueTimeScopeAndSignature() async throws {
        let bed = try Bed()
        defer { bed.stop() }
        let key = try RSAPrivateKey(pem: bed.privateKeyPEM)
        let audience = bed.emulator.baseURL.appendingPathComponent("token").absoluteString
        let now = Int64(Date().timeIntervalSince1970)
        func exchange(_ claims: [String: Any], tamper: Bool = false) async throws -> (status: Int, error: String?) {
            let header = Base64URLForTests.encode(try JSONSerialization.data(withJSONObject: ["alg": "RS256", "typ": "JWT"]))
            let body = Base64URLForTests.encode(try JSONSerialization.data(withJSONObject: claims))
            var signature = try key.signSHA256(Array("\(header).\(body)".utf8))
            if tamper { signature[0] ^= 1 }
            let form =
                "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(header).\(body).\(Base64URLForTests.encode(Data(signature)))"
            let response = try await CurlTransport().send(
                GoogleHTTPRequest(
                    method: .post, url: URL(string: audience)!, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: .data(Data(form.utf8))))
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            return (response.status, object?["error"] as? String)
        }
        let good: [String: Any] = ["iss": Bed.email, "scope": Bed.driveScope, "aud": audience, "iat": now, "exp": now + 3600]
        #expect(try await exchange(good).status == 200)
        #expect(try await exchange(good, tamper: true).error == "invalid_grant")
        #expect(try await exchange(good.merging(["aud": "https://oauth2.googleapis.com/token"]) { $1 }).error == "invalid_grant")
        #expect(try await exchange(good.merging(["exp": now + 7200]) { $1 }).error == "invalid_grant")
        #expect(try await exchange(good.merging(["iat": now + 3600, "exp": now + 4000]) { $1 }).error == "invalid_grant")
        #expect(try await exchange(good.merging(["iat": now - 7200, "exp": now - 3600]) { $1 }).error == "invalid_grant")
        #expect(try await exchange(good.filter { $0.key != "scope" }).error == "invalid_scope")
        #expect(try await exchange(good.merging(["sub": "someone@example.com"]) { $1 }).error == "unauthorized_client")
        #expect(try await exchange(good.merging(["iss": "stranger@example.com"]) { $1 }).error == "invalid_grant")
    }

    @Test func theQuotaProjectFromTheKeyFileIsSent() async throws {
        let headers = Recorder<String>()
        let backend = try TestBackend { router, oauth in
            router.add(nil, "/api/ping") { request, _ in
                headers.append(request.headers["x-goog-user-project"] ?? "none")
                if let denied = requireToken(oauth, request) { return denied }
                return .json(Data("{}".utf8))
            }
        }
        let made = try EmulatedServiceAccount.makeForTests(
            tokenURI: backend.baseURL.appendingPathComponent("token"), quotaProjectID: "billing-7")
        backend.oauth.updateConfiguration { $0.serviceAccounts = [made.account] }
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.trustedTokenOrigins = [backend.baseURL]
        let credentials = ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: made.keyFile), scopes: [Bed.driveScope])
        let session = AuthorizedSession(credentials: credentials, configuration: configuration)
        let response = try await session.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/ping")), idempotent: true)
        #expect(response.status == 200)
        #expect(headers.values == ["billing-7"])
    }

    @Test func anHTMLPageFromTheTokenEndpointIsATypedErrorWithoutTheAssertion() async throws {
        let backend = try TestBackend { router, _ in
            router.add(nil, "/proxy/token") { _, _ in
                var response = HTTPServerResponse.text("<html><body>Proxy login required</body></html>", status: 200)
                response.headers["Content-Type"] = "text/html"
                return response
            }
        }
        let made = try EmulatedServiceAccount.makeForTests(tokenURI: backend.baseURL.appendingPathComponent("proxy/token"))
        let credentials = ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: made.keyFile), scopes: [Bed.driveScope])
        await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
            guard let error = error as? CredentialsError else { return false }
            return error.code == .unexpectedResponse && !"\(error)".contains("eyJ")
        }
    }

    @Test func aTokenEndpointErrorIsTyped() async throws {
        let backend = try TestBackend { router, _ in
            router.add(nil, "/down/token") { _, _ in
                .json(Data(#"{"error":"internal_failure","error_description":"Backend unavailable"}"#.utf8), status: 503)
            }
        }
        let made = try EmulatedServiceAccount.makeForTests(tokenURI: backend.baseURL.appendingPathComponent("down/token"))
        let credentials = ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: made.keyFile), scopes: [Bed.driveScope])
        await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
            (error as? CredentialsError)?.code == .tokenEndpointError && (error as? CredentialsError)?.status == 503
        }
    }

    @Test func plainHTTPTokenURIToARemoteHostIsRefusedBeforeAnythingIsSent() throws {
        let made = try EmulatedServiceAccount.makeForTests(tokenURI: URL(string: "http://oauth2.example.com/token")!)
        #expect { _ = try ServiceAccountKey(jsonData: made.keyFile) } throws: { error in
            (error as? CredentialsError)?.code == .insecureEndpoint
        }
    }

    @Test func malformedTruncatedEncryptedAndNonRSAKeysAreTypedErrorsWithoutKeyMaterial() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let pem = bed.privateKeyPEM
        let lines = pem.split(separator: "\n").map(String.init)
        let bodyLine = lines[3]
        let cases: [(String, String)] = [
            ("not PEM", "this is not a key"),
            ("truncated", lines.prefix(lines.count / 2).joined(separator: "\n")),
            ("bad base64", lines[0] + "\n!!!!" + bodyLine + "\n" + lines[lines.count - 1]),
            ("garbage DER", lines[0] + "\nAAAAAAAAAAAAAAAA\n" + lines[lines.count - 1]),
            ("cut DER", ([lines[0]] + lines[1..<(lines.count / 2)] + [lines[lines.count - 1]]).joined(separator: "\n")),
            ("encrypted", "-----BEGIN ENCRYPTED PRIVATE KEY-----\n\(bodyLine)\n-----END ENCRYPTED PRIVATE KEY-----"),
            ("Ed25519", try NonRSATestKey.ed25519PEM()),
        ]
        for (name, value) in cases {
            do {
                _ = try ServiceAccountKey(jsonData: try bed.keyFile(replacing: "private_key", with: value))
                Issue.record("\(name) was accepted")
            } catch let error as CredentialsError {
                #expect(error.code == .invalidPrivateKey, "\(name): \(error)")
                #expect(!"\(error)".contains(bodyLine.prefix(24)), "\(name) leaks key material")
                if name == "Ed25519" { #expect(error.message.contains("not an RSA key")) }
            }
        }
    }

    @Test func noKeyMaterialInDescriptions() throws {
        let bed = try Bed()
        defer { bed.stop() }
        let key = try ServiceAccountKey(jsonData: bed.keyData)
        let credentials = ServiceAccountCredentials(key: key, scopes: [Bed.driveScope])
        let marker = String(bed.privateKeyPEM.split(separator: "\n")[2].prefix(24))
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in ["\(key)", String(reflecting: key), "\(credentials)", dumped] {
            #expect(!text.contains(marker))
        }
    }
}

/// base64url without padding, for hand-made JWTs.
enum Base64URLForTests {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
