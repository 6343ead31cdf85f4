import Foundation
import GoogleAuth
import GoogleBase
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Testing

@Suite("OAuthEmulator endpoints and access checks")
struct OAuthEmulatorTests {
    private func request(_ headers: GoogleHTTPHeaders = [:], query: [(String, String)] = []) -> HTTPServerRequest {
        HTTPServerRequestFactory.make(path: "/drive/v3/files", query: query, headers: headers)
    }

    private func json(_ response: HTTPServerResponse) throws -> [String: Any] {
        guard case .data(let data) = response.body else { throw OAuthError(code: .missingAuthorizationCode) }
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("Valid bearer tokens (header or access_token query) with an overlapping scope are allowed")
    func allowed() {
        let emulator = OAuthEmulator()
        let tokens = emulator.issueTokens(scopes: [TestScopes.driveFile])
        let check = emulator.authorize(
            request(["Authorization": "Bearer \(tokens.access)"]), anyOf: [TestScopes.driveReadonly, TestScopes.driveFile])
        guard case .allowed(let subject, let scopes) = check else {
            Issue.record("expected allowed")
            return
        }
        #expect(subject == emulator.configuration.userSubject)
        #expect(scopes == [TestScopes.driveFile])
        #expect(emulator.authorize(request(query: [("access_token", tokens.access)]), anyOf: [TestScopes.driveFile]).isAllowed)
        #expect(emulator.authorize(request(["authorization": "bearer \(tokens.access)"]), anyOf: []).isAllowed)
    }

    @Test("Missing, unknown, expired and revoked tokens get Google's 401")
    func unauthenticated() throws {
        let emulator = OAuthEmulator()
        let tokens = emulator.issueTokens(scopes: ["email"])
        var requests = [request(), request(["Authorization": "Bearer nope"]), request(["Authorization": "Basic abc"])]
        emulator.expireAccessTokens()
        requests.append(request(["Authorization": "Bearer \(tokens.access)"]))
        for candidate in requests {
            guard case .denied(let response) = emulator.authorize(candidate, anyOf: ["email"]) else {
                Issue.record("expected denied")
                continue
            }
            #expect(response.status == 401)
            #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
            let error = try #require(try json(response)["error"] as? [String: Any])
            #expect(error["code"] as? Int == 401)
            #expect(error["status"] as? String == "UNAUTHENTICATED")
            #expect((error["message"] as? String)?.hasPrefix("Request had invalid authentication credentials") == true)
            let reasons = (error["errors"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }
            #expect(reasons == ["authError"])
        }
        let fresh = emulator.issueTokens(scopes: ["email"])
        emulator.revokeAll()
        #expect(!emulator.authorize(request(["Authorization": "Bearer \(fresh.access)"]), anyOf: ["email"]).isAllowed)
    }

    @Test("A token without an acceptable scope gets 403 insufficientPermissions")
    func insufficientScope() throws {
        let emulator = OAuthEmulator()
        let tokens = emulator.issueTokens(scopes: ["email"])
        guard
            case .denied(let response) = emulator.authorize(
                request(["Authorization": "Bearer \(tokens.access)"]), anyOf: [TestScopes.youtube])
        else {
            Issue.record("expected denied")
            return
        }
        #expect(response.status == 403)
        #expect(response.headers["WWW-Authenticate"]?.contains("insufficient_scope") == true)
        let error = try #require(try json(response)["error"] as? [String: Any])
        #expect(error["status"] as? String == "PERMISSION_DENIED")
        #expect((error["errors"] as? [[String: Any]])?.first?["reason"] as? String == "insufficientPermissions")
    }

    @Test("The authorization endpoint never redirects to an unregistered URI or for an unknown client")
    func authorizationEndpointValidation() async throws {
        let harness = try EmulatorHarness()
        let client = OAuthEmulator.Client.testDesktopClient
        func get(_ query: [(String, String)]) async throws -> GoogleHTTPResponse {
            let url = harness.baseURL.absoluteString + "/o/oauth2/v2/auth?" + FormURLEncoding.encode(query)
            return try await harness.transport.send(GoogleHTTPRequest(url: URL(string: url)!))
        }
        let base = [
            ("response_type", "code"), ("scope", "email"), ("code_challenge", PKCE().challenge), ("code_challenge_method", "S256"),
            ("state", "s"),
        ]
        let unknown = try await get([("client_id", "nobody"), ("redirect_uri", "http://127.0.0.1:5/")] + base)
        #expect(unknown.status == 401)
        #expect(unknown.headers["Location"] == nil)
        let badRedirect = try await get([("client_id", client.id), ("redirect_uri", "https://evil.example/")] + base)
        #expect(badRedirect.status == 400)
        #expect(String(decoding: badRedirect.body, as: UTF8.self).contains("redirect_uri_mismatch"))
        let noPKCE = try await get([
            ("client_id", client.id), ("redirect_uri", "http://127.0.0.1:5/"), ("response_type", "code"), ("scope", "email"),
        ])
        #expect(noPKCE.status == 400)
        let ipv6 = try await get([("client_id", client.id), ("redirect_uri", "http://[::1]:7/cb")] + base)
        #expect(ipv6.status == 302)
        #expect(ipv6.headers["Location"]?.hasPrefix("http://[::1]:7/cb?code=") == true)
        #expect(harness.emulator.authorizationRequestCount == 4)
    }

    @Test("Token endpoint rejects GET, unknown grant types and missing secrets; counts requests")
    func tokenEndpointValidation() async throws {
        let harness = try EmulatorHarness()
        let client = OAuthEmulator.Client.testDesktopClient
        let get = try await harness.transport.send(GoogleHTTPRequest(url: harness.baseURL.appendingPathComponent("token")))
        #expect(get.status == 405)
        func post(_ form: [(String, String)]) async throws -> (Int, String?) {
            let response = try await harness.transport.send(
                GoogleHTTPRequest(
                    method: .post, url: harness.baseURL.appendingPathComponent("token"),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"], body: .data(Data(FormURLEncoding.encode(form).utf8))))
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            return (response.status, object?["error"] as? String)
        }
        let noSecret = try await post([("client_id", client.id), ("grant_type", "refresh_token"), ("refresh_token", "x")])
        #expect(noSecret.0 == 401 && noSecret.1 == "invalid_client")
        let badGrant = try await post([("client_id", client.id), ("client_secret", client.secret!), ("grant_type", "password")])
        #expect(badGrant.1 == "unsupported_grant_type")
        let unknownCode = try await post([
            ("client_id", client.id), ("client_secret", client.secret!), ("grant_type", "authorization_code"), ("code", "4/none"),
        ])
        #expect(unknownCode.1 == "invalid_grant")
        #expect(harness.emulator.tokenRequestCount == 3)
    }

    @Test("Unrelated paths are not handled")
    func unrelatedPath() async {
        let emulator = OAuthEmulator()
        #expect(await emulator.handle(HTTPServerRequestFactory.make(path: "/drive/v3/files")) == nil)
    }
}
