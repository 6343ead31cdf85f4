import Foundation
import GoogleAPIRuntime
import Testing

/// The public redaction rule adapters use: every secret shape the package knows is masked
/// wherever it stands, and what is not secret stays readable.
@Suite("GoogleRedaction: every secret shape the package knows")
struct GoogleRedactionTests {
    /// Text carrying one secret shape, and the secret it must not show.
    static let shapes: [(text: String, secret: String)] = [
        ("request failed: Authorization: Bearer ya29.a0AfB_ACCESS and more", "a0AfB_ACCESS"),
        ("sent Bearer opaqueTOKEN123 to the server", "opaqueTOKEN123"),
        ("the token ya29.A0ARrdaM-ACCESS2 was rejected", "A0ARrdaM-ACCESS2"),
        ("refresh with 1//0gREFRESH-TOKEN failed", "0gREFRESH-TOKEN"),
        ("id token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.SIGNATUREPART", "SIGNATUREPART"),
        ("GET https://www.googleapis.com/youtube/v3/videos?part=id&key=AIzaSyKEYSECRET failed", "SyKEYSECRET"),
        ("a bare key AIzaSyBAREKEY in text", "SyBAREKEY"),
        ("client_secret=CLIENTSECRET&grant_type=refresh_token", "CLIENTSECRET"),
        (#"{"client_secret": "JSONCLIENTSECRET", "client_id": "id"}"#, "JSONCLIENTSECRET"),
        ("callback ?code=4/0AUTHCODE&state=s", "0AUTHCODE"),
        ("form refresh_token=REFRESHFORM&client_id=x", "REFRESHFORM"),
        (#"{"refresh_token":"REFRESHJSON"}"#, "REFRESHJSON"),
        ("headers: X-Goog-Channel-Token: CHANNELSECRET\nX-Goog-Resource-State: sync", "CHANNELSECRET"),
        ("x-goog-api-key: APIKEYHEADER", "APIKEYHEADER"),
        ("channel token=CHANNELQUERY", "CHANNELQUERY"),
        (
            "key file: -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANPEMSECRET\n-----END PRIVATE KEY-----\n and the rest",
            "MIIEvQIBADANPEMSECRET"
        ),
        (#"{"private_key": "-----BEGIN RSA PRIVATE KEY-----\nRSAPEMSECRET\n-----END RSA PRIVATE KEY-----\n"}"#, "RSAPEMSECRET"),
    ]

    @Test("each secret shape is masked", arguments: 0..<shapes.count)
    func everyShapeIsMasked(index: Int) {
        let (text, secret) = Self.shapes[index]
        let redacted = GoogleRedaction.redact(text)
        #expect(!redacted.contains(secret), "\(redacted)")
        #expect(redacted.contains(GoogleRedaction.mask))
    }

    @Test("what is not secret stays readable")
    func plainTextStays() {
        let text = "GET https://www.googleapis.com/drive/v3/files?pageSize=5 answered 503 (backendError)"
        #expect(GoogleRedaction.redact(text) == text)
        #expect(GoogleRedaction.redact("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----").contains("MIIB"))
        #expect(GoogleRedaction.redact("Authorization: Bearer ya29.X") == "Authorization: Bearer REDACTED")
    }

    @Test("URLs lose user info, fragment and secret query values, or every query value on request")
    func urls() throws {
        let url = try #require(URL(string: "https://user:pw@api.test/x?key=AIzaSECRET&access_token=ya29.T&pageSize=5#frag"))
        let shown = GoogleRedaction.redactedURL(url)
        #expect(shown == "https://api.test/x?key=REDACTED&access_token=REDACTED&pageSize=5")
        #expect(
            GoogleRedaction.redactedURL(url, allQueryValues: true)
                == "https://api.test/x?key=REDACTED&access_token=REDACTED&pageSize=REDACTED")
        #expect(GoogleRedaction.redactedURL("https://api.test/x?upload_id=U1") == "https://api.test/x?upload_id=REDACTED")
        #expect(GoogleRedaction.redactedURL("") == "<invalid URL>")
    }

    @Test("headers: a credential keeps its scheme; names that say token, secret or key are masked")
    func headers() {
        #expect(GoogleRedaction.redactedHeaderValue("Bearer ya29.T", name: "Authorization") == "Bearer REDACTED")
        #expect(GoogleRedaction.redactedHeaderValue("CHANNELSECRET", name: "X-Goog-Channel-Token") == "REDACTED")
        #expect(GoogleRedaction.redactedHeaderValue("AIzaK", name: "x-goog-api-key") == "REDACTED")
        #expect(GoogleRedaction.redactedHeaderValue("application/json", name: "Content-Type") == "application/json")
        #expect(GoogleRedaction.isSecretName("channel.token") && GoogleRedaction.isSecretName("private_key"))
        #expect(!GoogleRedaction.isSecretName("pageSize"))
    }
}
