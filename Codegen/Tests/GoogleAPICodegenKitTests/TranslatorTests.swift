import Testing

@testable import GoogleAPICodegenKit

// MARK: - Translation

@Suite struct TranslatorTests {
    private func service(_ name: String) throws -> SwiftService {
        try Fixtures.generate(name).service
    }

    private func structure(_ name: String, in service: SwiftService) throws -> SwiftStruct {
        let declaration = try #require(service.schemas.first { $0.name == name })
        guard case .structure(let structure) = declaration else {
            Issue.record("\(name) is not a struct")
            throw CancellationError()
        }
        return structure
    }

    @Test func onlyPropertiesOnStorageCyclesAreBoxed() throws {
        let service = try service("recursion")
        let node = try structure("Node", in: service)
        #expect(node.properties.first { $0.name == "parent" }?.isBoxed == true)
        #expect(node.properties.first { $0.name == "children" }?.isBoxed == false, "arrays store out of line")
        let expr = try structure("Expr", in: service)
        let not = try structure("Not", in: service)
        #expect(expr.properties.first { $0.name == "not" }?.isBoxed == true)
        #expect(not.properties.first { $0.name == "operand" }?.isBoxed == true)
        #expect(expr.properties.first { $0.name == "literal" }?.isBoxed == false)
        let leaf = try structure("Leaf", in: service)
        #expect(leaf.properties.first { $0.name == "node" }?.isBoxed == false, "Leaf is not on a cycle")
        let folder = try structure("Folder", in: service)
        #expect(folder.properties.first { $0.name == "byName" }?.isBoxed == false, "maps store out of line")
        #expect(folder.properties.first { $0.name == "info" }?.isBoxed == true, "cycle through an inline object")
        #expect(service.usesIndirectBox)
    }

    @Test func formatsMapToRuntimeTypes() throws {
        let sample = try structure("Sample", in: try service("formats"))
        func property(_ name: String) throws -> SwiftProperty {
            try #require(sample.properties.first { $0.name == name })
        }
        #expect(try property("count").type == .named("Swift.Int64"))
        #expect(try property("count").coding == .int64)
        #expect(try property("unsignedCount").coding == .uint64)
        #expect(try property("created").type == .named("Foundation.Date"))
        #expect(try property("updated").coding == .date)
        #expect(try property("payload").type == .named("Foundation.Data"))
        #expect(try property("duration").type == .named("Swift.String"))
        #expect(try property("anything").type == .named("GoogleAPIRuntime.JSONValue"))
        #expect(try property("labels").type == .dictionary(.named("Swift.String")))
        #expect(try property("counters").coding == .map(.int64))
        #expect(try property("ids").type == .array(.named("Swift.Int64")))
        #expect(try property("matrix").coding == .array(.array(.uint64)))
        #expect(try property("extra").type == .dictionary(.named("GoogleAPIRuntime.JSONValue")))
        #expect(try property("status").type == .named("Status"))
        #expect(try property("statuses").type == .array(.named("StatusesItem")))
        #expect(try property("details").type == .named("Details"))
        #expect(sample.nestedTypes.map(\.name) == ["Details", "EntriesItem", "Status", "StatusesItem"])
    }

    @Test func methodArgumentsFollowParameterOrderThenBodyThenOptionalSorted() throws {
        let service = try service("methods")
        let books = try #require(service.root.children.first?.children.first)
        let list = try #require(books.methods.first { $0.name == "list" })
        #expect(
            list.parameters.map(\.name) == ["shelfId", "part", "legacyOwner", "minId", "mine", "orderBy", "pageSize", "pageToken", "since"])
        #expect(list.parameters.map(\.isRequired) == [true, true, false, false, false, false, false, false, false])
        #expect(list.parameters.map(\.isDeprecated) == [false, false, true, false, false, false, false, false, false])
        #expect(list.parametersTypeName == "ListParameters")
        #expect(list.parameters.first { $0.name == "part" }?.isRepeated == true)
        #expect(list.parameters.first { $0.name == "since" }?.type == .named("Foundation.Date"))
        #expect(list.parameters.first { $0.name == "minId" }?.type == .named("Swift.Int64"))
        #expect(list.parameters.first { $0.name == "orderBy" }?.type == .named("ListOrderBy"))
        #expect(list.pagesName == "listPages")
        #expect(list.scopes == ["https://www.googleapis.com/auth/library.readonly"])
        #expect(
            service.pageableConformances == [
                SwiftPageableConformance(pageType: "BookList", itemType: .named("Book"), itemsProperty: "books", itemsAccessor: "books")
            ])

        let insert = try #require(books.methods.first { $0.name == "insert" })
        #expect(insert.body?.type == "Book")
        #expect(insert.upload?.path == "/upload/library/v2/shelves/{shelfId}/books")
        #expect(insert.pagesName == nil)

        let export = try #require(books.methods.first { $0.name == "export" })
        #expect(!export.emitsPlainVariant, "download-only method has no JSON variant")
        #expect(export.download?.addsAltMedia == false)
        let get = try #require(books.methods.first { $0.name == "get" })
        #expect(get.emitsPlainVariant && get.download?.addsAltMedia == true)
        #expect(get.download?.fileVariantName == "getMedia")
        #expect(get.download?.streamVariantName == "getMediaStream")

        let legacy = try #require(service.root.children.first?.methods.first { $0.name == "legacyGet" })
        #expect(legacy.documentation.isDeprecated)
        #expect(service.root.methods.map(\.name) == ["ping"])
        #expect(service.root.methods.first?.parametersTypeName == nil, "no parameters, no parameters value")
    }

    @Test func namesAreSanitizedAndUnique() throws {
        let service = try service("naming")
        #expect(service.typeName == "NamingTest")
        let names = service.schemas.map(\.name)
        #expect(names.contains("StringSchema") && names.contains("DataSchema") && names.contains("DateSchema"))
        #expect(names.contains("ErrorSchema") && names.contains("NamingTestSchema") && names.contains("_3dModel"))
        #expect(names.contains("TypeValue") && names.contains("ProtocolValue") && names.contains("SelfValue") && names.contains("AnyValue"))
        #expect(Set(names).count == names.count)

        let keywords = try structure("Keywords", in: service)
        let propertyNames = keywords.properties.map(\.name)
        #expect(Set(propertyNames).count == propertyNames.count)
        #expect(propertyNames.contains("selfValue") && propertyNames.contains("initValue") && propertyNames.contains("_1stPlace"))
        #expect(keywords.properties.first { $0.wireName == "x-goog-header" }?.name == "xGoogHeader")

        guard case .enumeration(let kind)? = keywords.nestedTypes.first else {
            Issue.record("Keywords.Kind missing")
            return
        }
        #expect(
            kind.cases.map(\.name) == [
                "unknown", "default", "selfValue", "_1080p", "imagePng", "imagePng2", "empty", "rawValue2", "unrecognized2",
            ])
        #expect(kind.cases.map(\.rawValue).count == 9, "duplicate raw values are dropped")
        #expect(kind.unknownCase == "unrecognized")

        let resource = try #require(service.root.children.first)
        #expect(resource.typeName == "DefaultResource" && resource.propertyName == "default")
        let importMethod = try #require(resource.methods.first { $0.name == "import" })
        #expect(importMethod.parameters.map(\.name) == ["class", "body2", "call2", "client2", "for", "maxResults"])
        #expect(importMethod.body?.name == "body")
        #expect(resource.methods.map(\.name).contains("client2"), "`client` is the stored client")
        #expect(service.scopes.map(\.name) == ["namingExampleComFull", "namingReadonly"])
        #expect(service.scopeTypeName == "Scope2", "the Scope schema keeps its name; the scope enum yields")
    }

    @Test func serviceTypeNeverShadowsFoundationOrTheStandardLibrary() throws {
        func typeName(_ name: String) throws -> String {
            let json = Fixtures.document().replacingOccurrences(of: #""name": "t""#, with: #""name": "\#(name)""#)
            return try Fixtures.generate(json: json).service.typeName
        }
        #expect(try typeName("calendar") == "CalendarAPI")
        #expect(try typeName("locale") == "LocaleAPI")
        #expect(try typeName("drive") == "Drive")
        #expect(try typeName("youtube") == "Youtube")
    }

    @Test func polledListsAreNotPageSequences() throws {
        let schemas = """
            {"Chat": {"type": "object", "properties": {"nextPageToken": {"type": "string"},
              "pollingIntervalMillis": {"type": "integer"}, "items": {"type": "array", "items": {"type": "string"}}}}}
            """
        let resources = """
            {"chat": {"methods": {"list": {"httpMethod": "GET", "path": "chat",
              "parameters": {"pageToken": {"type": "string", "location": "query"}}, "response": {"$ref": "Chat"}}}}}
            """
        let service = try Fixtures.generate(json: Fixtures.document(schemas: schemas, resources: resources)).service
        let list = try #require(service.root.children.first?.methods.first)
        #expect(list.pagesName == nil)
        #expect(service.pageableConformances.isEmpty)
    }

    /// A deprecated items property is read through its storage (reading the property would warn
    /// in every build of the generated module), and a deprecated method's call builder, which
    /// names its deprecated parameters type, is deprecated too.
    @Test func deprecatedItemsAndMethodsGenerateNoWarnings() throws {
        let json = Fixtures.document(
            schemas: """
                {"Page": {"id": "Page", "type": "object", "properties": {"nextPageToken": {"type": "string"},
                    "things": {"type": "array", "items": {"type": "string"}, "deprecated": true}}}}
                """,
            resources: """
                {"things": {"methods": {"list": {"id": "t.things.list", "httpMethod": "GET", "path": "things",
                    "deprecated": true, "response": {"$ref": "Page"},
                    "parameters": {"pageToken": {"type": "string", "location": "query"}}}}}}
                """)
        let output = try Fixtures.generate(json: json)
        #expect(output.service.pageableConformances.map(\.itemsAccessor) == ["_things"])
        let source = Fixtures.combined(output)
        #expect(source.contains("public var pageItems: [Swift.String] { _things ?? [] }"))
        #expect(source.contains("@available(*, deprecated)\n        @usableFromInline\n        func makeListCall("))
    }
}
