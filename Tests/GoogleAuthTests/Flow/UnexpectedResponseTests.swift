import Foundation
import GoogleAuth
import GoogleHTTP
import LocalHTTPServer
import Testing

@Suite("Malformed token endpoint answers become clear, secret-free errors")
struct UnexpectedResponseTests {
    static let secretAccess = "ya29.a0SECRETaccess"
    static let secretRefresh = "1//0gSECRETrefresh"

    private func harness() throws -> EmulatorHarness {
        try EmulatorHarness { request in
            switch request.path {
            case "/proxy/token":
                .html(
                    "<html><head><title>502 Bad Gateway</title></head><body>\n<h1>Bad Gateway</h1>\n"
                        + "<p>upstream said access_token=\(Self.secretAccess)</p></body></html>", status: 502)
            case "/truncated/token":
                .json(Data("{\"access_token\":\"\(Self.secretAccess)\",\"refresh_token\":\"\(Self.secretRefresh)\",\"expi".utf8))
            case "/empty/token":
                .json(Data("{}".utf8))
            case "/text/token":
                .text("", status: 500)
            default:
                nil
            }
        }
    }

    private func client(_ harness: EmulatorHarness, tokenPath: String) -> OAuthClient {
        var configuration = harness.clientConfiguration
        configuration.endpoints.token = harness.baseURL.appendingPathComponent(tokenPath)
        return harness.makeClient(configuration: configuration)
    }

    @Test("HTML proxy page: status and a short excerpt without the token")
    func htmlProxyPage() async throws {
        let harness = try harness()
        let error = await #expect(throws: OAuthError.self) {
            _ = try await client(harness, tokenPath: "proxy/token").refresh(refreshToken: Self.secretRefresh)
        }
        guard let error, error.code == .unexpectedResponse, let status = error.status, let excerpt = error.excerpt else {
            Issue.record("expected unexpectedResponse, got \(String(describing: error))")
            return
        }
        #expect(status == 502)
        #expect(excerpt.contains("Bad Gateway"))
        #expect(!excerpt.contains("SECRET"))
        #expect(!excerpt.contains("\n"))
        #expect(excerpt.count <= 161)
        #expect(!"\(error)".contains("SECRET"))
    }

    @Test("Truncated JSON, empty objects and empty bodies", arguments: ["truncated/token", "empty/token", "text/token"])
    func malformed(path: String) async throws {
        let harness = try harness()
        let error = await #expect(throws: OAuthError.self) {
            _ = try await client(harness, tokenPath: path).refresh(refreshToken: Self.secretRefresh)
        }
        guard let error, error.code == .unexpectedResponse, let excerpt = error.excerpt else {
            Issue.record("expected unexpectedResponse, got \(String(describing: error))")
            return
        }
        #expect(!excerpt.contains("SECRET"))
        #expect(!excerpt.isEmpty)
    }

    @Test("A refused connection is a transport error")
    func connectionRefused() async throws {
        let harness = try harness()
        var configuration = harness.clientConfiguration
        configuration.endpoints.token = URL(string: "http://127.0.0.1:1/token")!
        let error = await #expect(throws: OAuthError.self) {
            _ = try await harness.makeClient(configuration: configuration).refresh(refreshToken: Self.secretRefresh)
        }
        guard let error, error.code == .transport, let transportError = error.transportError else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(transportError.kind == .connectionRefused)
    }
}
