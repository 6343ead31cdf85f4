import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleHTTP
import TestSupport
import Testing

/// What a middleware sees of an error is redacted — a transport failure keeps its type and kind
/// with no URL query value or token in its text; an error of another type whose text shows a
/// secret comes as ``GoogleRedactedError`` — while the call still throws the error with its type
/// and code.
@Suite("GoogleMiddleware: errors reach middleware redacted, the call's error keeps its type")
struct MiddlewareErrorRedactionTests {
    /// Records everything a middleware can read of the error its `next` threw, then rethrows it.
    struct ErrorReader: GoogleMiddleware {
        let seen: Recorder<String>

        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            do {
                return try await next(request)
            } catch {
                var text = "\(error) | \(String(reflecting: error)) | \(error.localizedDescription)"
                if let transport = error as? HTTPTransportError { text += " | \(transport.url) | \(transport.message) | \(transport.kind)" }
                if let redacted = error as? GoogleRedactedError { text += " | \(redacted.typeName)" }
                seen.append(text)
                throw error
            }
        }
    }

    static let secrets = ["AIzaSECRETKEY", "SECRETKEY", "ya29.SECRETTOKEN", "SECRETTOKEN", "SIGSECRET", "CHANNELSECRET"]

    private static func requireNoSecrets(_ seen: Recorder<String>, count: Int) {
        #expect(seen.count == count)
        for text in seen.values {
            for secret in secrets { #expect(!text.contains(secret), "\(secret) in \(text)") }
        }
    }

    @Test("a libcurl connect failure to a URL with secret-looking query values: middleware reads none, the call throws the transport error")
    func connectFailure() async throws {
        let seen = Recorder<String>()
        var configuration = AuthorizedSession.Configuration()
        configuration.retry = .disabled
        configuration.trustedTokenOrigins = [URL(string: "http://127.0.0.1:1/")!]
        configuration.callMiddleware = [ErrorReader(seen: seen)]
        configuration.attemptMiddleware = [ErrorReader(seen: seen)]
        let session = AuthorizedSession(credentials: CountingCredentials(), transport: CurlTransport(), configuration: configuration)
        let url = URL(string: "http://127.0.0.1:1/x?key=AIzaSECRETKEY&access_token=ya29.SECRETTOKEN&X-Amz-Signature=SIGSECRET&pageSize=5")!
        let error = await #expect(throws: HTTPTransportError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: url), idempotent: true)
        }
        #expect(error?.kind == .connectionRefused && error?.code != nil)
        Self.requireNoSecrets(seen, count: 2)
        #expect(seen.values.allSatisfy { $0.contains("connectionRefused") && $0.contains("127.0.0.1") })
    }

    @Test("a transport's own message carrying a URL and a token: middleware reads it redacted, with kind and code")
    func transportMessage() async throws {
        let seen = Recorder<String>()
        let transport = InMemoryTransport { request, _ in
            throw HTTPTransportError(
                kind: .connectionClosed, url: request.url,
                message: "reset talking to https://api.test/v1/things?key=AIzaSECRETKEY&sig2=SIGSECRET with Bearer ya29.SECRETTOKEN",
                code: 56)
        }
        let session = stageSession(transport) {
            $0.retry = .disabled
            $0.attemptMiddleware = [ErrorReader(seen: seen)]
        }
        let error = await #expect(throws: HTTPTransportError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true)
        }
        #expect(error?.kind == .connectionClosed && error?.code == 56)
        Self.requireNoSecrets(seen, count: 1)
    }

    @Test("the package's own errors reach middleware as they are: a quota error naming a URL keeps its type")
    func packageErrorsPass() async throws {
        let seenTypes = Recorder<String>()
        struct TypeReader: GoogleMiddleware {
            let seen: Recorder<String>
            func intercept(
                _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
                next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
            ) async throws -> GoogleMiddlewareResponse {
                do { return try await next(request) } catch {
                    seen.append("\(type(of: error))")
                    throw error
                }
            }
        }
        let exceeded = #"{"error":{"code":403,"message":"quota","errors":[{"domain":"youtube.quota","reason":"quotaExceeded"}]}}"#
        let transport = InMemoryTransport(statuses: [(403, [:], exceeded)])
        let session = stageSession(transport) { $0.callMiddleware = [TypeReader(seen: seenTypes)] }
        let url = URL(string: "https://api.test/v1/things?part=snippet&maxResults=5")!
        await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: url), idempotent: true)
        }
        #expect(seenTypes.values == ["GoogleQuotaExceededError"])
    }

    /// An app transport's own error, whose text shows the request's URL.
    struct AppTransportFailure: Error, CustomStringConvertible {
        let code: Int
        var description: String { "failed https://api.test/v1/things?token=CHANNELSECRET&key=AIzaSECRETKEY (code \(code))" }
    }

    @Test("an error of another type showing a secret reaches middleware as GoogleRedactedError; the call throws the original")
    func foreignError() async throws {
        let seen = Recorder<String>()
        let transport = InMemoryTransport { _, _ in throw AppTransportFailure(code: 7) }
        let session = stageSession(transport) {
            $0.retry = .disabled
            $0.callMiddleware = [ErrorReader(seen: seen)]
            $0.attemptMiddleware = [ErrorReader(seen: seen)]
        }
        let error = await #expect(throws: AppTransportFailure.self) {
            _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true)
        }
        #expect(error?.code == 7)
        Self.requireNoSecrets(seen, count: 2)
        #expect(seen.values.allSatisfy { $0.contains("AppTransportFailure") && $0.contains("(code 7)") })
    }
}
