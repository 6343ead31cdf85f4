import Testing

@testable import GoogleAPICodegenKit

// MARK: - Naming

@Suite struct NamingTests {
    @Test(arguments: [
        ("liveBroadcasts", "LiveBroadcasts"), ("youtube#video", "YoutubeVideo"), ("1p", "_1p"),
        ("Naming Test", "NamingTest"), ("a-b.c$d@e", "ABCDE"), ("", "Value"), ("Self", "SelfValue"),
        ("Type", "TypeValue"), ("YouTube", "YouTube"),
    ])
    func typeNames(wire: String, expected: String) {
        #expect(SwiftNaming.typeName(wire) == expected)
    }

    @Test(arguments: [
        ("pageSize", "pageSize"), ("max-results", "maxResults"), ("ETag", "eTag"), ("URL", "url"),
        ("URLPath", "urlPath"), ("$.xgafv", "xgafv"), ("@type", "type"), ("1st", "_1st"),
        ("self", "selfValue"), ("init", "initValue"), ("Type", "type"), ("a.b", "aB"), ("", "value"),
    ])
    func memberNames(wire: String, expected: String) {
        #expect(SwiftNaming.memberName(wire) == expected)
    }

    @Test(arguments: [
        ("ENUM_VALUE_UNSPECIFIED", "enumValueUnspecified"), ("image/png", "imagePng"),
        ("1080p", "_1080p"), ("camelCase", "camelCase"), ("", "empty"), ("SELF", "selfValue"),
        ("public", "public"),
    ])
    func caseNames(wire: String, expected: String) {
        #expect(SwiftNaming.caseName(wire) == expected)
    }

    @Test func keywordsAreEscaped() {
        #expect(SwiftNaming.escaped("class") == "`class`")
        #expect(SwiftNaming.escaped("default") == "`default`")
        #expect(SwiftNaming.escaped("files") == "files")
        #expect(SwiftNaming.argumentLabel("for") == "for")
        #expect(SwiftNaming.argumentLabel("inout") == "`inout`")
    }

    @Test func scopesNumberClashesInClaimOrder() {
        var scope = NameScope(reserved: ["client"], shared: ["File"], blocked: ["Outer"])
        #expect(scope.claim("client") == "client2")
        #expect(scope.claim("File") == "File2")
        #expect(scope.claim("Outer") == "Outer2")
        #expect(scope.claim("list") == "list")
        #expect(scope.claim("list") == "list2")
        #expect(scope.claim("list") == "list3")
    }
}
