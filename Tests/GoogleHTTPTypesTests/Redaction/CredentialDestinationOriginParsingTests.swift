import Foundation
import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("Origins read without URLComponents")
struct CredentialDestinationOriginParsingTests {
    typealias Origin = CredentialDestination.Origin

    @Test(
        "Plain URLs are read from their text, exactly as URLComponents reads them",
        arguments: [
            "http://127.0.0.1:8089/drive/v3/files?pageSize=50", "https://www.googleapis.com/drive/v3/files",
            "HTTPS://WWW.GoogleAPIs.com:443/upload", "http://localhost", "http://localhost:1/", "https://h.example:65535#x",
            "http://[::1]:9/x", "http://[::FFFF:127.0.0.1]/", "https://a-b.example.:8443?q", "http://127.0.0.1/?a=b/c",
        ])
    func plainURLs(text: String) throws {
        let url = try #require(URL(string: text))
        let plain = try #require(Origin(plainlySpelled: url.absoluteString))
        #expect(plain == Origin(components: url))
        #expect(plain == Origin(url))
    }

    @Test(
        "Anything unusual is left to URLComponents",
        arguments: [
            "http://user:pass@127.0.0.1/", "http://127.0.0.1:8080@evil.example/", "http://%31%32%37.0.0.1/",
            "http://127.0.0.1:/", "http://127.0.0.1:080/", "http://127.0.0.1:65536/", "http://127.0.0.1:123456/",
            "http://under_score.example/", "http://[fe80::1%25en0]/", "http://[::1/", "http://[::1]x/", "http:///path",
            "ftp://127.0.0.1/", "mailto:a@b", "http:127.0.0.1",
        ])
    func unusualURLs(text: String) {
        #expect(Origin(plainlySpelled: text) == nil)
        // Whatever the full answer is, it is URLComponents' answer.
        if let url = URL(string: text) {
            #expect(Origin(url) == Origin(components: url))
        }
    }

    @Test("An internationalized host is compared in the ASCII form URL keeps it in")
    func internationalizedHost() throws {
        let unicode = try #require(URL(string: "https://münchen.example/"))
        let ascii = try #require(URL(string: "https://xn--mnchen-3ya.example/"))
        #expect(Origin(unicode)?.host == "xn--mnchen-3ya.example")
        #expect(Origin(unicode) == Origin(ascii))
    }

    @Test("A port is kept only when it is one, and the scheme's default fills in otherwise")
    func ports() {
        #expect(Origin(plainlySpelled: "http://h.example/")?.port == 80)
        #expect(Origin(plainlySpelled: "https://h.example/")?.port == 443)
        #expect(Origin(plainlySpelled: "https://h.example:8443/")?.port == 8443)
        #expect(Origin(plainlySpelled: "http://h.example:80/") == Origin(plainlySpelled: "http://h.example/"))
    }

    @Test("An origin prefix runs to the path's first slash, and only for plainly spelled URLs")
    func originPrefixes() {
        #expect(CredentialDestination.plainOriginPrefix("http://127.0.0.1:8080/drive/v3/files?x=/") == "http://127.0.0.1:8080/")
        #expect(CredentialDestination.plainOriginPrefix("https://www.googleapis.com/") == "https://www.googleapis.com/")
        #expect(CredentialDestination.plainOriginPrefix("http://[::1]:9/x") == "http://[::1]:9/")
        for text in [
            "http://127.0.0.1:8080", "http://127.0.0.1:8080?a=/b", "http://127.0.0.1:8080#/b",
            "http://u@127.0.0.1:8080/", "http://127.0.0.1:8080@evil.example/", "ftp://127.0.0.1/",
        ] {
            #expect(CredentialDestination.plainOriginPrefix(text) == nil, "\(text)")
        }
    }
}
