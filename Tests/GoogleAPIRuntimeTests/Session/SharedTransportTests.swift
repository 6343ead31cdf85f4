import Foundation
import GoogleAPIRuntime
import GoogleAuth
import GoogleHTTP
import Testing

/// One default transport per process: every client and session made without a transport shares
/// `CurlTransport.shared` (one curl thread and connection pool), as GoogleHTTP advises.
@Suite("The default transport is shared")
struct SharedTransportTests {
    @Test("OAuthClient and AuthorizedSession without a transport use CurlTransport.shared")
    func defaultsShareOneTransport() throws {
        let configuration = try OAuthClientConfiguration(
            jsonData: Data(#"{"installed":{"client_id":"id.apps.googleusercontent.com"}}"#.utf8))
        let client = OAuthClient(configuration: configuration)
        let session = AuthorizedSession(credentials: InMemoryTokenStore(), refresher: client)
        let other = AuthorizedSession(credentials: InMemoryTokenStore(), refresher: client)
        #expect((client.transport as? CurlTransport) === CurlTransport.shared)
        #expect((session.transport as? CurlTransport) === CurlTransport.shared)
        #expect((other.transport as? CurlTransport) === CurlTransport.shared)
        // A transport passed in is used as given.
        let own = CurlTransport()
        #expect(
            (AuthorizedSession(credentials: InMemoryTokenStore(), refresher: client, transport: own).transport as? CurlTransport) === own)
    }
}
