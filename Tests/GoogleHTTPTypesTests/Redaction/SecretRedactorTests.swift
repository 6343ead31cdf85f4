import Foundation
import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("Secret redaction")
struct SecretRedactorTests {
    @Test("Every secret name is masked in forms, queries and JSON", arguments: SecretRedactor.secretNames.sorted())
    func everyName(name: String) {
        let text = #"\#(name)=SECRET1&x=1 {"\#(name)": "SECRET2", "\#(name)":"SECRET3"}"#
        let redacted = SecretRedactor.redact(text)
        #expect(!redacted.contains("SECRET"), "\(redacted)")
        #expect(redacted.contains("x=1"))
    }

    @Test("Google-shaped tokens are masked wherever they stand")
    func tokens() {
        let text = "Bearer abc.def ya29.A0secret 1//0refresh eyJhbGciOi.eyJzdWIi.sig done"
        let redacted = SecretRedactor.redact(text)
        for secret in ["abc.def", "A0secret", "0refresh", "hbGciOi"] { #expect(!redacted.contains(secret), "\(redacted)") }
        #expect(redacted.hasSuffix(" done"))
    }

    @Test("URLs keep harmless query values and lose secret ones, user info and fragment")
    func urls() throws {
        let url = try #require(URL(string: "https://user:pw@example.com/p?fields=id&access_token=T0K&Key=K3Y&upload_id=U#frag"))
        let redacted = SecretRedactor.redactedURL(url)
        #expect(redacted == "https://example.com/p?fields=id&access_token=REDACTED&Key=REDACTED&upload_id=REDACTED")
        #expect(SecretRedactor.redactedURL(url, allQueryValues: true).contains("fields=REDACTED"))
        #expect(
            SecretRedactor.redactedURLString("not a url ::") == "<invalid URL>"
                || !SecretRedactor.redactedURLString("x?code=1").contains("=1"))
    }

    @Test("Excerpts are single-line, short and secret-free")
    func excerpts() {
        let body = Data(("<html>\n<p>refresh_token=1//SECRET</p>\n" + String(repeating: "x", count: 400)).utf8)
        let excerpt = SecretRedactor.excerpt(of: body)
        #expect(!excerpt.contains("SECRET"))
        #expect(!excerpt.contains("\n"))
        #expect(excerpt.count <= 161)
        #expect(SecretRedactor.excerpt(of: Data()) == "(empty body)")
    }

    @Test("Printing an authorized request never shows its token")
    func requestDescription() throws {
        var request = GoogleHTTPRequest(url: try #require(URL(string: "https://www.googleapis.com/drive/v3/files?key=APIKEY&q=x")))
        request.headers["Authorization"] = "Bearer ya29.TOPSECRET"
        request.headers["Cookie"] = "SID=COOKIESECRET"
        request.headers["Accept"] = "application/json"
        for text in [
            "\(request)", String(reflecting: request), "\(request.headers)",
            String(describing: Mirror(reflecting: request).children.map(\.value)),
        ] {
            #expect(!text.contains("TOPSECRET") && !text.contains("COOKIESECRET") && !text.contains("APIKEY"), "\(text)")
        }
        #expect("\(request.headers)".contains("Authorization: Bearer REDACTED"))
        #expect("\(request.headers)".contains("Accept: application/json"))
        var dumped = ""
        dump(request, to: &dumped)
        #expect(!dumped.contains("TOPSECRET"), "\(dumped)")
    }

    @Test("Transport errors redact secrets, not every query value, and secrets in the message")
    func transportError() throws {
        let url = try #require(
            URL(
                string:
                    "https://h/p?pageSize=10&fields=id&code=2&key=K3Y&access_token=T0K&client_secret=S3C&refresh_token=R3F&upload_id=U1D&X-Goog-Signature=S1G"
            ))
        let error = HTTPTransportError(kind: .other, url: url, message: "failed with Bearer ya29.XYZ")
        #expect(
            error.url == "https://h/p?pageSize=10&fields=id&code=REDACTED&key=REDACTED&access_token=REDACTED"
                + "&client_secret=REDACTED&refresh_token=REDACTED&upload_id=REDACTED&X-Goog-Signature=REDACTED")
        #expect(!error.description.contains("XYZ"))
        #expect(error.description.contains("pageSize=10"))
    }
}
