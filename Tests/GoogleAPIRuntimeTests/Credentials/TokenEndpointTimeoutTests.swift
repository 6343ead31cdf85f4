import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleHTTP
import GoogleHTTPTypes
import Synchronization
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
        let transport = LimitRecordingTransport()
        let credentials = MetadataServerCredentials(
            host: host, timeouts: HTTPTimeouts(connect: .seconds(5), request: .milliseconds(300), stall: .milliseconds(300)),
            transport: transport)
        var configuration = AuthorizedSession.Configuration()
        configuration.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(20))
        let session = AuthorizedSession(credentials: credentials, configuration: configuration)
        let clock = ContinuousClock()
        let started = clock.now
        await #expect { _ = try await session.accessToken() } throws: { error in
            let error = error as? CredentialsError
            return error?.code == .transport && error?.message.contains("metadata server at \(host)") == true
        }
        // Each of the three attempts carried the per-attempt limit and ended by it (the answer
        // never came); asserted on what was sent, not on wall-clock time, which a loaded full
        // suite stretches a hundredfold (0.9 s of attempts measured over 100 s there).
        let limits = transport.limits
        #expect(limits.count == 3)
        #expect(limits.allSatisfy { $0.request == .milliseconds(300) && $0.stall == .milliseconds(300) }, "\(limits)")
        #expect(transport.failures.count == 3)
        #expect(transport.failures.allSatisfy { [.requestTimeout, .stalled].contains($0) }, "\(transport.failures)")
        // Only a hang guard.
        #expect(clock.now - started < .seconds(600))
    }

    /// The default transport, recording each request's limits and how each attempt failed.
    final class LimitRecordingTransport: HTTPTransport {
        private let inner = DefaultHTTPTransport.shared
        private let recorded = Mutex<(limits: [HTTPTimeouts], failures: [HTTPTransportError.Kind])>(([], []))
        var limits: [HTTPTimeouts] { recorded.withLock { $0.limits } }
        var failures: [HTTPTransportError.Kind] { recorded.withLock { $0.failures } }

        private func recording<T>(_ request: GoogleHTTPRequest, _ body: () async throws -> T) async throws -> T {
            recorded.withLock { $0.limits.append(request.timeouts ?? HTTPTimeouts()) }
            do {
                return try await body()
            } catch let error as HTTPTransportError {
                recorded.withLock { $0.failures.append(error.kind) }
                throw error
            }
        }

        func send(_ request: GoogleHTTPRequest) async throws -> GoogleHTTPResponse {
            try await recording(request) { try await inner.send(request) }
        }
        func download(_ request: GoogleHTTPRequest, to file: URL) async throws -> GoogleHTTPResponseHead {
            try await recording(request) { try await inner.download(request, to: file) }
        }
        func stream(_ request: GoogleHTTPRequest) async throws -> HTTPStreamingResponse {
            try await recording(request) { try await inner.stream(request) }
        }
    }
}
