import Foundation
import GoogleHTTP
import Synchronization

// MARK: - DeferredApplicationDefaultCredentials

/// Application Default Credentials looked up at the first token request rather than up front, so a
/// session can be built synchronously (``ApplicationDefaultCredentials/find(scopes:quotaProjectID:environment:transport:)``
/// runs then; a failed search is tried again at the next request).
public final class DeferredApplicationDefaultCredentials: CredentialsProvider {
    private let scopes: [String]
    private let environment: ApplicationDefaultCredentials.Environment
    private let transport: any HTTPTransport
    private let search = Mutex<Task<any CredentialsProvider, any Error>?>(nil)
    private let found = Mutex<(any CredentialsProvider)?>(nil)

    /// - Parameters: As for ``ApplicationDefaultCredentials/find(scopes:quotaProjectID:environment:transport:)``.
    public init(
        scopes: [String], environment: ApplicationDefaultCredentials.Environment = .process,
        transport: any HTTPTransport = DefaultHTTPTransport.shared
    ) {
        self.scopes = scopes
        self.environment = environment
        self.transport = transport
    }

    /// The credentials found, searching now if no search has succeeded yet.
    /// - Throws: ``CredentialsError`` from the search.
    public func resolve() async throws -> any CredentialsProvider {
        if let provider = found.withLock({ $0 }) { return provider }
        let task = search.withLock { slot in
            if let slot { return slot }
            let (scopes, environment, transport) = (self.scopes, self.environment, self.transport)
            let task = Task { try await ApplicationDefaultCredentials.find(scopes: scopes, environment: environment, transport: transport) }
            slot = task
            return task
        }
        do {
            let provider = try await task.value
            found.withLock { $0 = provider }
            return provider
        } catch {
            search.withLock { if $0 == task { $0 = nil } }
            throw error
        }
    }

    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        try await resolve().accessToken(for: request)
    }

    public var quotaProjectID: String? { found.withLock { $0 }?.quotaProjectID }

    public func summary() async -> CredentialsSummary {
        do {
            return try await resolve().summary()
        } catch {
            return CredentialsSummary(kind: .other, source: "Application Default Credentials (not found: \(error))")
        }
    }
}
