import Foundation
import Testing

@testable import GoogleHTTP

// MARK: - Which proxy libcurl uses

/// The proxy a failure names follows libcurl's reading of the environment (issue 36, point 6).
@Suite("Proxy variables as libcurl reads them")
struct CurlProxyEnvironmentTests {
    let https = URL(string: "https://www.googleapis.com/drive/v3/files")!
    let http = URL(string: "http://127.0.0.1:8089/drive/v3/files")!

    @Test("https URLs use https_proxy, else HTTPS_PROXY, else all_proxy/ALL_PROXY; http URLs only http_proxy")
    func precedence() {
        #expect(
            CurlProxyEnvironment.proxy(for: https, environment: ["https_proxy": "a:1", "HTTPS_PROXY": "b:2"])?.variable == "https_proxy")
        #expect(CurlProxyEnvironment.proxy(for: https, environment: ["HTTPS_PROXY": "b:2", "ALL_PROXY": "c:3"])?.variable == "HTTPS_PROXY")
        #expect(CurlProxyEnvironment.proxy(for: https, environment: ["ALL_PROXY": "c:3"])?.variable == "ALL_PROXY")
        #expect(CurlProxyEnvironment.proxy(for: https, environment: ["http_proxy": "d:4"]) == nil)
        #expect(CurlProxyEnvironment.proxy(for: http, environment: ["HTTP_PROXY": "d:4"]) == nil)
        #expect(CurlProxyEnvironment.proxy(for: http, environment: ["http_proxy": "d:4"])?.variable == "http_proxy")
        #expect(CurlProxyEnvironment.proxy(for: https, environment: ["HTTPS_PROXY": ""]) == nil)
        #expect(CurlProxyEnvironment.proxy(for: https, environment: [:]) == nil)
    }

    @Test("NO_PROXY: *, exact hosts, domains with or without a leading dot, IP addresses; nothing else")
    func noProxy() {
        let proxied = ["HTTPS_PROXY": "proxy.corp:3128", "http_proxy": "proxy.corp:3128"]
        for list in ["*", "googleapis.com", ".googleapis.com", "example.com, www.googleapis.com", "WWW.GOOGLEAPIS.COM"] {
            #expect(CurlProxyEnvironment.proxy(for: https, environment: proxied.merging(["NO_PROXY": list]) { $1 }) == nil, "\(list)")
        }
        for list in ["example.com", "apis.com", "googleapis.com.evil", ""] {
            #expect(CurlProxyEnvironment.proxy(for: https, environment: proxied.merging(["NO_PROXY": list]) { $1 }) != nil, "\(list)")
        }
        #expect(CurlProxyEnvironment.proxy(for: http, environment: proxied.merging(["no_proxy": "127.0.0.1"]) { $1 }) == nil)
        #expect(CurlProxyEnvironment.proxy(for: http, environment: proxied.merging(["no_proxy": "127.0.0.0/8"]) { $1 }) == nil)
        #expect(CurlProxyEnvironment.proxy(for: http, environment: proxied.merging(["no_proxy": "10.0.0.0/8"]) { $1 }) != nil)
        #expect(CurlProxyEnvironment.proxy(for: http, environment: proxied.merging(["no_proxy": "127.0.0.2"]) { $1 }) != nil)
        // no_proxy wins over NO_PROXY, as in libcurl.
        #expect(
            CurlProxyEnvironment.proxy(
                for: http, environment: proxied.merging(["no_proxy": "example.com", "NO_PROXY": "127.0.0.1"]) { $1 }) != nil)
    }

    @Test("the proxy is shown as host:port, never with its user or password")
    func noCredentials() {
        let proxy = CurlProxyEnvironment.proxy(for: https, environment: ["HTTPS_PROXY": "http://alice:s3cret@proxy.corp:3128/"])
        #expect(proxy?.phrase == "the proxy proxy.corp:3128 (from HTTPS_PROXY)")
        #expect(CurlProxyEnvironment.hostAndPort(of: "proxy.corp") == "proxy.corp:1080")
        #expect(CurlProxyEnvironment.hostAndPort(of: "http://[::1]:8080") == "[::1]:8080")
        #expect(!CurlProxyEnvironment.hostAndPort(of: "user:pw@h:1").contains("pw"))
    }
}
