import Foundation
import GoogleBase
import GoogleHTTP
import Testing

@testable import GoogleAuth

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What reaches the OAuth side from outside: the client_secret file, the token file, the token
/// endpoint's answer and its ID token, and the redirect's query (parsed, and sent to a live
/// loopback listener).
@Suite("Fuzz: OAuth inputs")
struct AuthInputFuzzTests {
    static let jsonTokens = [
        "\"installed\":{", "\"web\":{", "\"client_id\":", "\"token_uri\":\"http://", "\"auth_uri\":\"https://",
        "\"redirect_uris\":[", "\"access_token\":\"", "\"expires_in\":", "\"refresh_token\":\"", "\"scope\":\"", "\"error\":\"",
        "\"id_token\":\"", "\"version\":1", "\"credentials\":{", "\"expiresAt\":",
    ]

    @Test("client_secret JSON gives a configuration or an OAuthError")
    func clientSecret() async throws {
        let samples = try await FuzzSamples.emulatorResponses()
        let google =
            #"{"installed":{"client_id":"1-a.apps.googleusercontent.com","project_id":"p","#
            + #""auth_uri":"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token","#
            + #""client_secret":"GOCSPX-x","redirect_uris":["http://localhost"]}}"#
        var loaded = 0
        let ran = await Fuzzer.run(
            "client_secret JSON", seed: 0x434C_4945_0008, samples: [samples.clientSecret, Array(google.utf8)],
            count: 2500, dictionary: Self.jsonTokens
        ) { input in
            do {
                let configuration = try OAuthClientConfiguration(jsonData: Data(input))
                loaded += 1
                #expect(!configuration.clientID.isEmpty)
            } catch is OAuthError {
            } catch {
                Issue.record("untyped error \(type(of: error)): \(error)")
            }
        }
        #expect(ran == 2500)
        #expect(loaded > 0)
    }

    @Test("Token files give credentials, nothing, or a TokenStoreError")
    func tokenFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tokens.json")
        let store = FileTokenStore(fileURL: file)
        try await store.save(
            OAuthTokens(
                accessToken: "ya29.sample", expiresAt: Date(timeIntervalSince1970: 1_800_000_000), refreshToken: "1//refresh",
                refreshTokenExpiresAt: Date(timeIntervalSince1970: 1_900_000_000), scopes: ["email", "openid"], idToken: "a.b.c"))
        let saved = Array(try Data(contentsOf: file))
        var loaded = 0
        let ran = try await Fuzzer.runAsync(
            "token file", seed: 0x544F_4B4E_0009, samples: [saved], count: 300,
            dictionary: Self.jsonTokens + ["1e300", "-1e300", "9.3e18"]
        ) { input in
            try Data(input).write(to: file)
            chmod(file.path, 0o600)
            do {
                if try await store.load() != nil { loaded += 1 }
            } catch is TokenStoreError {
            } catch {
                Issue.record("untyped error \(type(of: error)): \(error)")
            }
        }
        #expect(ran == 300)
        #expect(loaded > 0)
    }

    @Test("Token endpoint answers give credentials, an OAuth error code, or an OAuthError; ID tokens decode or throw OAuthError")
    func tokenResponses() async throws {
        let samples = try await FuzzSamples.emulatorResponses()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        // An ID token shaped like Google's (the refresh answer above carries none).
        let header = Data(#"{"alg":"RS256","kid":"1","typ":"JWT"}"#.utf8).base64EncodedString()
        let claims = Data(
            (#"{"iss":"https://accounts.google.com","aud":"1-a.apps.googleusercontent.com","sub":"1100","#
                + #""email":"user@example.com","email_verified":true,"iat":1800000000,"exp":1800003600}"#).utf8
        ).base64EncodedString()
        let idTokens = [Array("\(header).\(claims).c2lnbmF0dXJl".replacingOccurrences(of: "=", with: "").utf8)]
        let ran = await Fuzzer.run(
            "token endpoint response", seed: 0x5452_4553_000A, samples: samples.tokenResponses, count: 2000,
            dictionary: Self.jsonTokens
        ) { input in
            for status in [200, 400] {
                do {
                    _ = try TokenEndpointResult.parse(
                        GoogleHTTPResponse(status: status, headers: [:], body: Data(input)), requestedScopes: ["email"], now: now)
                } catch is OAuthError {
                } catch {
                    Issue.record("untyped error \(type(of: error)): \(error)")
                }
            }
        }
        let ranIDTokens = await Fuzzer.run(
            "ID token (JWT)", seed: 0x4A57_5400_000B, samples: idTokens, count: 1500,
            dictionary: [".", "eyJ", "==", "-", "_"]
        ) { input in
            do {
                _ = try IDTokenClaims(decoding: String(decoding: input, as: UTF8.self))
            } catch is OAuthError {
            } catch {
                Issue.record("untyped error \(type(of: error)): \(error)")
            }
        }
        #expect(ran == 2000 && ranIDTokens == 1500)
    }

    @Test("Redirect queries parse without crashing and never end a listener's wait without the state")
    func callbackQueries() async throws {
        let samples = [
            "http://127.0.0.1:5000/?state=abc&code=4%2F0Adeu5BW&scope=email%20openid%20https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fdrive",
            "http://127.0.0.1:5000/?error=access_denied&error_description=The+user+denied&state=abc",
            "com.googleusercontent.apps.123:/oauth2redirect?code=x&state=y#frag",
        ].map { Array($0.utf8) }
        let ran = await Fuzzer.run(
            "OAuth callback query", seed: 0x4341_4C4C_000C, samples: samples, count: 3000,
            dictionary: ["state=", "code=", "error=", "&", "%", "+", "#", "?"]
        ) { input in
            let text = String(decoding: input, as: UTF8.self)
            let callback = AuthorizationCallback(callbackString: text)
            // The code and state never show (the error code, not a secret, is shown as sent).
            let secretsOnly = AuthorizationCallback(code: callback.code, state: callback.state)
            for secret in [callback.code, callback.state].compactMap({ $0 }) where secret.count >= 6 {
                #expect(!secretsOnly.description.contains(secret))
            }
            _ = FormURLEncoding.decode(text)
        }
        #expect(ran == 3000)

        // The same kind of queries, sent to a real listener: none ends the wait.
        let listener = try LoopbackRedirectListener(expectedState: "the-real-state-\(UUID().uuidString)")
        defer { listener.stop() }
        let targets = Fuzzer.inputs(
            seed: 0x4C49_5354_000D, samples: samples.map { Array($0.drop { $0 != UInt8(ascii: "?") }) },
            count: 120, maxLength: 512, dictionary: ["state=", "code=", "error=", "&", "%"]
        )
        .map { bytes in "/" + String(decoding: bytes.filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self) }
        let transport = CurlTransport()
        var answered = 0
        for target in targets {
            guard let url = URL(string: listener.redirectURI.dropLast() + target) else { continue }
            if let response = try? await transport.send(GoogleHTTPRequest(url: url)) {
                answered += 1
                #expect([400, 404, 405].contains(response.status), "\(target) → \(response.status)")
            }
        }
        FuzzTally.record("loopback listener query", targets.count)
        #expect(answered > 0)
        await #expect(throws: OAuthError.timedOut(after: .milliseconds(200))) {
            _ = try await listener.waitForCallback(timeout: .milliseconds(200))
        }
    }
}
