import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import Testing

/// Impersonation in code: source credentials → IAM Credentials generateAccessToken.
@Suite("Impersonated credentials")
struct ImpersonatedCredentialsTests {
    typealias Bed = CredentialsTestBed
    static let target = "deployer@emulated-project.iam.gserviceaccount.com"
    static let delegate = "middle@emulated-project.iam.gserviceaccount.com"

    private static func source(_ bed: Bed) throws -> ServiceAccountCredentials {
        ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: bed.keyData), scopes: [Bed.cloudPlatform])
    }

    @Test func aServiceAccountImpersonatesAnotherThroughADelegate() async throws {
        let bed = try Bed(extraAccounts: [Self.target, Self.delegate])
        defer { bed.stop() }
        let credentials = ImpersonatedCredentials(
            source: try Self.source(bed), targetPrincipal: Self.target, delegates: [Self.delegate], scopes: [Bed.driveScope],
            lifetime: 600, endpoint: bed.emulator.baseURL)
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        #expect(try await bed.drive(session).send(Bed.listCall).status == 200)
        let token = try await session.accessToken()
        #expect(bed.emulator.oauth.principal(ofAccessToken: token.value) == Self.target)
        let lifetime = try #require(token.expiresAt).timeIntervalSinceNow
        #expect(lifetime > 300 && lifetime <= 600)
        // The 401 path: an expired impersonated token is replaced once.
        bed.emulator.oauth.expireAccessTokens()
        #expect(try await bed.drive(session).send(Bed.listCall).status == 200)
    }

    @Test func anUnknownTargetOrATooLongLifetimeIsATypedError() async throws {
        let bed = try Bed(extraAccounts: [Self.target])
        defer { bed.stop() }
        for (target, lifetime) in [("nobody@emulated-project.iam.gserviceaccount.com", 600.0), (Self.target, 7200.0)] {
            let credentials = ImpersonatedCredentials(
                source: try Self.source(bed), targetPrincipal: target, scopes: [Bed.driveScope], lifetime: lifetime,
                endpoint: bed.emulator.baseURL)
            await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
                (error as? CredentialsError)?.code == .impersonationFailed
            }
        }
    }

    @Test func theSourceTokenNeverGoesToAnInsecureEndpoint() async throws {
        let bed = try Bed(extraAccounts: [Self.target])
        defer { bed.stop() }
        let credentials = ImpersonatedCredentials(
            source: try Self.source(bed), targetPrincipal: Self.target, scopes: [Bed.driveScope],
            endpoint: URL(string: "http://iamcredentials.example.com/")!)
        await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
            (error as? CredentialsError)?.code == .insecureEndpoint
        }
        #expect(bed.emulator.oauth.tokenRequestCount == 0)
    }
}
