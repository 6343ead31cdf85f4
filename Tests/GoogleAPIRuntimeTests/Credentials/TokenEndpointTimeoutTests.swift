import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleHTTPTypes
import TestSupport
import Testing

@testable import GoogleAuth

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - TokenEndpointTimeoutTests

/// A metadata server or token endpoint that accepts the connection and never answers: each
/// attempt ends at a per-attempt limit of seconds (not a general request timeout), so a
/// session's retries give up within about 30 s for the metadata server, naming it.
@Suite("Token endpoints that never answer")
struct TokenEndpointTimeoutTests {
    /// The longest a session under `policy` spends on attempts of `limit` each, waits included.
    static func worstCase(_ policy: RetryPolicy, attempt limit: Duration) -> Duration {
        var total = limit * policy.maxAttempts
        for attempt in 1..<policy.maxAttempts {
            let exponent = min(attempt - 1, 30)
            total += min(policy.baseDelay * (1 << exponent), policy.maxDelay)
        }
        return total
    }

    @Test("Under the default retry policy a silent metadata server fails within 30 s; a token endpoint within a minute")
    func defaultsBoundTheRetries() throws {
        let policy = RetryPolicy()
        let metadata = try #require(MetadataServerCredentials.defaultTimeouts.request)
        #expect(Self.worstCase(policy, attempt: metadata) <= .seconds(30), "\(Self.worstCase(policy, attempt: metadata))")
        #expect(try #require(MetadataServerCredentials.defaultTimeouts.connect) <= metadata)
        let endpoint = try #require(CredentialsHTTP.timeouts.request)
        #expect(Self.worstCase(policy, attempt: endpoint) <= .seconds(60), "\(Self.worstCase(policy, attempt: endpoint))")
    }

    @Test("A metadata server that accepts and never answers fails the session's token request, naming it")
    func silentMetadataServer() async throws {
        // The kernel completes the handshake into the backlog; nobody ever reads or answers.
        let (listener, port) = try LoopbackSocket.listen(backlog: 16)
        defer { close(listener) }
        let host = "127.0.0.1:\(port)"
        let credentials = MetadataServerCredentials(
            host: host, timeouts: HTTPTimeouts(connect: .seconds(5), request: .milliseconds(300), stall: .milliseconds(300)))
        var configuration = AuthorizedSession.Configuration()
        configuration.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(20))
        let session = AuthorizedSession(credentials: credentials, configuration: configuration)
        let clock = ContinuousClock()
        let started = clock.now
        await #expect { _ = try await session.accessToken() } throws: { error in
            let error = error as? CredentialsError
            return error?.code == .transport && error?.message.contains("metadata server at \(host)") == true
        }
        // A hang guard, not a speed test: three attempts of 0.3 s against the former 30 s each.
        #expect(clock.now - started < .seconds(60))
    }
}
