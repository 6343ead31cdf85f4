import Foundation
import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("Where credentials may be sent")
struct CredentialDestinationTests {
    @Test(
        "Loopback is 127.0.0.0/8, ::1 and localhost, spelled plainly",
        arguments: [
            "127.0.0.1", "127.255.10.3", "localhost", "LocalHost", "::1", "[::1]", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1",
        ])
    func loopbackHosts(host: String) {
        #expect(CredentialDestination.isLoopback(host: host))
    }

    @Test(
        "Everything else is not loopback, including odd spellings and look-alikes",
        arguments: [
            "128.0.0.1", "126.255.255.255", "0.0.0.0", "127.1", "0x7f.0.0.1", "0177.0.0.1", "127.0.0.1.evil.example",
            "localhost.evil.example", "evil-localhost", "::", "::2", "[::ffff:10.0.0.1]", "", "example.com", "1.2.3.4",
        ])
    func notLoopbackHosts(host: String) {
        #expect(!CredentialDestination.isLoopback(host: host))
    }

    @Test("https goes anywhere; plain http only to loopback; other schemes nowhere")
    func transport() throws {
        for ok in ["https://www.googleapis.com/", "http://127.0.0.1:8089/", "http://localhost/", "http://[::1]:9/x"] {
            #expect(throws: Never.self) { try CredentialDestination.requireSecureTransport(URL(string: ok)!) }
        }
        for bad in ["http://www.googleapis.com/", "http://192.0.2.1:8080/", "ftp://127.0.0.1/", "file:///tmp/x"] {
            let error = #expect(throws: CredentialDestinationError.self) {
                try CredentialDestination.requireSecureTransport(URL(string: bad)!)
            }
            #expect(error?.reason.isEmpty == false)
        }
        let error = #expect(throws: CredentialDestinationError.self) {
            try CredentialDestination.requireSecureTransport(URL(string: "http://example.com/revoke?token=SECRET")!)
        }
        #expect(error?.description.contains("SECRET") == false)
        #expect(error?.reason.contains("plain http") == true)
    }

    @Test("An origin is scheme, host and port, with default ports filled in and case ignored")
    func origins() throws {
        func origin(_ text: String) -> CredentialDestination.Origin? { CredentialDestination.Origin(URL(string: text)!) }
        #expect(origin("https://WWW.googleapis.com/drive") == origin("https://www.googleapis.com:443/upload?x=1"))
        #expect(origin("http://127.0.0.1/") == origin("http://127.0.0.1:80/"))
        #expect(origin("http://127.0.0.1:8080/") != origin("http://127.0.0.1:8081/"))
        #expect(origin("http://127.0.0.1:8080/") != origin("http://localhost:8080/"))
        #expect(origin("http://www.googleapis.com/") != origin("https://www.googleapis.com/"))
        #expect(origin("mailto:a@b") == nil)

        let trusted: Set = [try #require(origin("http://127.0.0.1:8080/"))]
        #expect(throws: Never.self) {
            try CredentialDestination.requireTrusted(URL(string: "http://127.0.0.1:8080/a?b")!, trusted: trusted)
        }
        #expect(throws: CredentialDestinationError.self) {
            try CredentialDestination.requireTrusted(URL(string: "http://localhost:8080/a")!, trusted: trusted)
        }
        #expect(throws: CredentialDestinationError.self) {
            try CredentialDestination.requireTrusted(URL(string: "https://127.0.0.1:8080/a")!, trusted: trusted)
        }
    }
}
