import Foundation
import Testing

@_spi(Generated) @testable import GoogleAPIRuntime

@Suite("URL building")
struct URITemplateTests {
    @Test func simpleExpansionEncodesEverythingButUnreserved() throws {
        let path = try URITemplate.expand(
            "files/{fileId}/revisions/{revisionId}",
            values: [
                "fileId": "a/b c?d#e%f+g", "revisionId": "Ünï-._~",
            ])
        #expect(path == "files/a%2Fb%20c%3Fd%23e%25f%2Bg/revisions/%C3%9Cn%C3%AF-._~")
    }

    @Test func reservedExpansionKeepsSlashesAndReserved() throws {
        let path = try URITemplate.expand("v1/{+name}:batchGet", values: ["name": "projects/p 1/items/a:b?c=d&e%2F"])
        #expect(path == "v1/projects/p%201/items/a:b?c=d&e%2F:batchGet")
    }

    @Test func missingParameterAndBadTemplateAreTypedErrors() {
        #expect(throws: GoogleAPIClientError.missingPathParameter("fileId")) {
            try URITemplate.expand("files/{fileId}", values: [:])
        }
        #expect(throws: GoogleAPIClientError.invalidPathTemplate("files/{fileId")) {
            try URITemplate.expand("files/{fileId", values: ["fileId": "x"])
        }
    }

    @Test func repeatedPathParametersExpandAsCommaSeparatedLists() throws {
        var call = APICall(method: .get, path: "v1/items/{ids}:compare/{+names}", scopes: [])
        call.setPath("ids", ["a,b", "c d", "e"])
        call.setPath("names", ["x/y", "z:w"])
        let path = try URITemplate.expand(call.path, values: call.pathParameters, lists: call.pathParameterLists)
        // Simple expansion encodes a comma inside a value, so the list's own commas stay separators.
        #expect(path == "v1/items/a%2Cb,c%20d,e:compare/x/y,z:w")
        // A later single value replaces the list, and each element is checked like a value.
        call.setPath("ids", "one")
        #expect(
            try URITemplate.expand(call.path, values: call.pathParameters, lists: call.pathParameterLists) == "v1/items/one:compare/x/y,z:w"
        )
        #expect(throws: GoogleAPIClientError.invalidPathParameter(name: "ids", reason: "is an empty list")) {
            try URITemplate.expand("items/{ids}", values: [:], lists: ["ids": []])
        }
        #expect(throws: GoogleAPIClientError.self) {
            try URITemplate.expand("items/{ids}", values: [:], lists: ["ids": ["a", ".."]])
        }
    }

    private func client(root: String = "http://127.0.0.1:9/", servicePath: String = "drive/v3/") -> GoogleServiceClient {
        let session = AuthorizedSession(
            credentials: InMemoryTokenStore(), refresher: NoRefresher(), configuration: .fastTests)
        return GoogleServiceClient(
            session: session,
            descriptor: GoogleServiceDescriptor(
                name: "drive", version: "v3", rootURL: URL(string: "https://www.googleapis.com/")!,
                servicePath: servicePath, batchPath: nil),
            rootURL: URL(string: root)!)
    }

    @Test func urlJoinsRootServicePathAndQueryWithStandardParameters() throws {
        var client = client()
        client.standardParameters.quotaUser = "user 1"
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.options = call.options.withFields(GoogleFieldMask<Void>("files(id,name)"))
        call.setPath("fileId", "abc def")
        call.addQuery("spaces", ["drive", "appDataFolder"])
        call.addQuery("pageSize", 10)
        call.addQuery("supportsAllDrives", true)
        call.addQuery("q", "name = 'a&b'")
        call.addQuery("orderBy", String?.none)
        let url = try client.makeURL(call)
        #expect(
            url.absoluteString
                == "http://127.0.0.1:9/drive/v3/files/abc%20def?spaces=drive&spaces=appDataFolder&pageSize=10&supportsAllDrives=true&q=name%20%3D%20%27a%26b%27&fields=files%28id%2Cname%29&quotaUser=user%201&prettyPrint=false"
        )
    }

    /// `parameterDefaults` go to the query parameters a method declares (its static list) and a
    /// call leaves out; a value the call sets wins, and undeclared names never get one.
    @Test func parameterDefaultsApplyToDeclaredParametersTheCallLeavesOut() throws {
        var client = client()
        client.parameterDefaults = APIParameterDefaults([("supportsAllDrives", "true"), ("includeItemsFromAllDrives", "true")])
        var call = APICall(
            method: .get, path: "files", scopes: [], declaredQueryNames: ["pageSize", "supportsAllDrives", "includeItemsFromAllDrives"])
        call.addQuery("pageSize", 5)
        call.addQuery("supportsAllDrives", Bool?.none)
        call.addQuery("includeItemsFromAllDrives", false)
        #expect(call.query.map(\.name) == ["pageSize", "includeItemsFromAllDrives"], "an unset parameter leaves no trace in the call")
        #expect(
            try client.makeURL(call).absoluteString
                == "http://127.0.0.1:9/drive/v3/files?pageSize=5&includeItemsFromAllDrives=false&supportsAllDrives=true&prettyPrint=false")
        // A method that declares neither gets neither.
        let about = APICall(method: .get, path: "about", scopes: [], declaredQueryNames: ["pageSize"])
        #expect(try client.makeURL(about).absoluteString == "http://127.0.0.1:9/drive/v3/about?prettyPrint=false")
        // Removing a set value with setQuery lets the default apply again.
        call.setQuery("includeItemsFromAllDrives", Bool?.none)
        #expect(try client.makeURL(call).absoluteString.contains("includeItemsFromAllDrives=true"))
    }

    @Test func rootOverrideUploadPathAndAbsoluteMethodPaths() throws {
        let client = client(root: "http://127.0.0.1:9/prefix")
        let call = APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
        #expect(
            try client.makeURL(call, base: .upload, extraQuery: [("uploadType", "media")]).absoluteString
                == "http://127.0.0.1:9/prefix/upload/drive/v3/files?uploadType=media&prettyPrint=false")
        let absolute = APICall(method: .get, path: "/oauth2/v2/userinfo", scopes: [])
        #expect(try client.makeURL(absolute).absoluteString == "http://127.0.0.1:9/prefix/oauth2/v2/userinfo?prettyPrint=false")
        #expect(throws: GoogleAPIClientError.self) { try client.makeURL(APICall(method: .get, path: "x", scopes: []), base: .upload) }
    }

    @Test func parameterValuesFormatLikeGoogleExpects() {
        #expect(Int64.min.apiParameterString == "-9223372036854775808")
        #expect(UInt64.max.apiParameterString == "18446744073709551615")
        #expect(Date(timeIntervalSince1970: 1.5).apiParameterString == "1970-01-01T00:00:01.500Z")
        #expect(false.apiParameterString == "false")
    }
}

/// A refresher for tests that never reach the token endpoint.
struct NoRefresher: TokenRefreshing {
    func refresh(refreshToken: String) async throws -> OAuthTokens {
        throw OAuthError.invalidGrant(description: "test refresher")
    }
}
