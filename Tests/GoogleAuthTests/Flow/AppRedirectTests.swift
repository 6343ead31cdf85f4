import Foundation
import GoogleAuth
import Testing

// MARK: - AppRedirectTests

@Suite("AppRedirect: which redirects an app may use, and which callbacks are at them")
struct AppRedirectTests {
    @Test("a reversed-client-ID scheme and a claimed https URL are app redirects")
    func kinds() throws {
        let scheme = try #require(AppRedirect("com.googleusercontent.apps.1-a:/oauth2redirect"))
        #expect(scheme.kind == .customScheme("com.googleusercontent.apps.1-a"))
        #expect(scheme.scheme == "com.googleusercontent.apps.1-a")
        let https = try #require(AppRedirect("https://App.Example.com/oauth2redirect"))
        #expect(https.kind == .https(host: "app.example.com", path: "/oauth2redirect"))
        #expect(try #require(AppRedirect("https://app.example.com")).kind == .https(host: "app.example.com", path: "/"))
    }

    @Test(
        "http, loopback, no scheme, a bad scheme, a query or fragment: not app redirects",
        arguments: [
            "http://127.0.0.1:8080/", "http://localhost/", "http://app.example.com/cb", "no-scheme", ":/x", "1abc:/x",
            "sch eme:/x", "https:///path", "https://app.example.com/cb?x=1", "https://app.example.com/cb#f",
            "https://user@app.example.com/cb", "https://app.example.com:8443/cb", "com.example.app:/cb?x=1",
        ])
    func refused(_ uri: String) {
        #expect(AppRedirect(uri) == nil)
    }

    @Test("callbacks at a custom-scheme redirect")
    func customSchemeMatches() throws {
        let redirect = try #require(AppRedirect("com.googleusercontent.apps.1-a:/oauth2redirect"))
        func at(_ text: String) -> Bool { URL(string: text).map(redirect.matches) ?? false }
        #expect(at("com.googleusercontent.apps.1-a:/oauth2redirect?code=x&state=y"))
        #expect(at("COM.googleusercontent.apps.1-a:/oauth2redirect?code=x"))
        #expect(at("com.googleusercontent.apps.1-a:/oauth2redirect"))
        #expect(!at("com.googleusercontent.apps.1-a:/other?code=x"))
        #expect(!at("com.googleusercontent.apps.1-b:/oauth2redirect?code=x"))
        #expect(!at("com.googleusercontent.apps.1-a:/oauth2redirect/more?code=x"))
        #expect(!at("https://app.example.com/oauth2redirect?code=x"))
    }

    @Test("callbacks at a claimed https redirect")
    func httpsMatches() throws {
        let redirect = try #require(AppRedirect("https://app.example.com/oauth2redirect"))
        func at(_ text: String) -> Bool { URL(string: text).map(redirect.matches) ?? false }
        #expect(at("https://app.example.com/oauth2redirect?code=x&state=y"))
        #expect(at("https://APP.example.com/oauth2redirect?code=x"))
        #expect(!at("http://app.example.com/oauth2redirect?code=x"))
        #expect(!at("https://app.example.com.evil.example/oauth2redirect?code=x"))
        #expect(!at("https://app.example.com:444/oauth2redirect?code=x"))
        #expect(!at("https://user@app.example.com/oauth2redirect?code=x"))
        #expect(!at("https://app.example.com/oauth2redirect/x?code=x"))
        #expect(!at("com.example.app:/oauth2redirect?code=x"))
    }
}
