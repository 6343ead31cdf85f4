import Foundation
import Testing

@testable import GoogleAPIRuntime

@Suite("GoogleAPIError parsing")
struct GoogleAPIErrorTests {
    @Test func parsesGoogleJSONErrorBody() {
        let body = Data(
            #"""
            {"error":{"code":403,"message":"The user has exceeded their Drive storage quota","status":"PERMISSION_DENIED",
            "errors":[{"domain":"usageLimits","reason":"storageQuotaExceeded","message":"quota","location":"q","locationType":"parameter"}]}}
            """#.utf8)
        let error = GoogleAPIError(status: 403, body: body)
        #expect(error.code == 403)
        #expect(error.statusText == "PERMISSION_DENIED")
        #expect(error.message == "The user has exceeded their Drive storage quota")
        #expect(
            error.errors == [
                .init(domain: "usageLimits", reason: "storageQuotaExceeded", message: "quota", location: "q", locationType: "parameter")
            ])
        #expect(error.hasReason("storageQuotaExceeded"))
        #expect(error.rawBody == nil)
        #expect(error.description.contains("403") && error.description.contains("storageQuotaExceeded"))
    }

    @Test func keepsHTMLBodiesAsTextWithShortDescription() {
        let html = "<html><head><title>502 Bad Gateway</title></head><body>" + String(repeating: "x", count: 5000) + "</body></html>"
        let error = GoogleAPIError(status: 502, body: Data(html.utf8))
        #expect(error.rawBody == html)
        #expect(error.errors.isEmpty && error.message == nil)
        #expect(error.description.count < 300)
        #expect(error.description.contains("502 Bad Gateway"))
    }

    @Test func truncatedJSONAndBinaryBodiesNeverCrash() {
        let truncated = GoogleAPIError(status: 500, body: Data(#"{"error":{"code":500,"message":"Inter"#.utf8))
        #expect(truncated.rawBody == #"{"error":{"code":500,"message":"Inter"#)
        let binary = GoogleAPIError(status: 500, body: Data([0xFF, 0xFE, 0x00, 0x80]))
        #expect(binary.rawBody != nil)
        let empty = GoogleAPIError(status: 404, body: Data())
        #expect(empty.description == "Google API error 404")
        let odd = GoogleAPIError(status: 400, body: Data(#"{"error":{"code":"x","errors":[1,{"reason":5}]}}"#.utf8))
        #expect(odd.code == nil && odd.errors.isEmpty)
    }

    @Test func oauthStyleErrorBodies() {
        let error = GoogleAPIError(status: 401, body: Data(#"{"error":"invalid_token","error_description":"Invalid Value"}"#.utf8))
        #expect(error.statusText == "invalid_token")
        #expect(error.message == "Invalid Value")
    }

    @Test func descriptionRedactsSecrets() {
        let body = Data("<p>bad request access_token=ya29.SECRETSECRET&key=AIzaSECRET Bearer ya29.OTHERSECRET</p>".utf8)
        let error = GoogleAPIError(status: 400, body: body)
        #expect(!error.description.contains("SECRET"))
        let json = Data(#"{"error":{"code":401,"message":"token ya29.SECRETTOKEN is invalid"}}"#.utf8)
        #expect(!GoogleAPIError(status: 401, body: json).description.contains("SECRETTOKEN"))
    }
}
