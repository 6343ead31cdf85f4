import Foundation
import GoogleAPICodegenKit
import TestSupport
import Testing

/// A Discovery document is input from the network (`google-api-codegen fetch`) that the build
/// plugin compiles into the user's app. These tests put hostile text — every line break Swift
/// and Unicode know, quotes, backslashes, comment ends, `#`, `\u{…}`, whole Swift declarations —
/// into every string field of a document (keys included), generate, type-check the output
/// against the real runtime, and check that it declares exactly what the same document with
/// harmless text declares: the same tokens once comments are dropped, literals and
/// identifiers abstracted, keywords kept.
@Suite("Fuzz: hostile text in Discovery documents cannot inject code")
struct CodegenInjectionFuzzTests {
    /// Documents per run (times `FUZZ_ROUNDS`): each costs one `swiftc -typecheck`.
    static let documentsPerRound = 3

    static let fragments = [
        "\r", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{0}", "\u{1B}", "\u{7F}",
        "\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}", "\"", "\"\"\"", "\\", "\\(", "\\u{41}", "\\u{", "*/", "/*", "//",
        "///", "#", "#\"", "\"#", "#sourceLocation(file: \"x\", line: 1)", "#if false", "#endif", "`", "'", "{", "}",
        "(", ")", ";", "public static let injected: Int = { fatalError(\"INJECTED\") }()", "}\nfunc injected() {",
        "\r}\rpublic struct Injected {}\r", "let", "class", "Swift", "String", "UnsafeMutablePointer", "a", "Z", "9",
        "_", "-", ".", "/", " ", "é", "😀", "{+", "%0D",
    ]

    @Test(
        "Random hostile strings in every field: output type-checks and declares nothing extra",
        .timeLimit(.minutes(20)))
    func hostileTextDeclaresNothing() async throws {
        var documents = 0
        for round in 0..<FuzzRounds.count {
            var random = SplitMix64(seed: FuzzRounds.seed(0x494E_4A45_4354_0022, round: round))
            for index in 0..<Self.documentsPerRound {
                var payloads: [Int: String] = [:]
                let hostile = InjectionDocument.make { field in
                    if let payload = payloads[field] { return payload }
                    var text = ""
                    for _ in 0...random.below(6) { text += Self.fragments[random.below(Self.fragments.count)] }
                    payloads[field] = text
                    return text
                }
                let harmless = InjectionDocument.make { field in "x\(field)" }
                let label = "round \(round) document \(index)"
                let hostileOutput = try CodeGenerator.generate(hostile, file: "hostile.json", moduleName: "Injected")
                let harmlessOutput = try CodeGenerator.generate(harmless, file: "harmless.json", moduleName: "Injected")

                // Nothing but LF ends a line, and no invisible or control character is left.
                for file in hostileOutput.files {
                    let bad = file.contents.unicodeScalars.first { scalar in
                        scalar != "\n"
                            && (scalar.value < 0x20 && scalar != "\t"
                                || [0x7F, 0x85, 0x2028, 0x2029, 0x202E, 0x2066, 0x200B, 0xFEFF, 0x1B].contains(scalar.value))
                    }
                    #expect(bad == nil, "\(label): \(file.name) contains U+\(String(bad?.value ?? 0, radix: 16))")
                }
                #expect(hostileOutput.files.count == harmlessOutput.files.count, "\(label)")
                for (hostileFile, harmlessFile) in zip(hostileOutput.files, harmlessOutput.files) {
                    let hostileTokens = SwiftShape.tokens(hostileFile.contents)
                    let harmlessTokens = SwiftShape.tokens(harmlessFile.contents)
                    if hostileTokens != harmlessTokens {
                        let at =
                            zip(hostileTokens, harmlessTokens).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                            ?? min(hostileTokens.count, harmlessTokens.count)
                        Issue.record(
                            "\(label): \(hostileFile.name) differs in shape at token \(at): \(hostileTokens[at...].prefix(12)) vs \(harmlessTokens[at...].prefix(12))"
                        )
                    }
                }
                let check = try await GeneratedModuleCheck.typecheck(hostileOutput.files, label: "injection-\(round)-\(index)")
                #expect(check.passed, "\(label) does not type-check:\n\(check.output.prefix(4000))")
                documents += 1
            }
        }
        #expect(documents == Self.documentsPerRound * FuzzRounds.count)
    }

    @Test(
        "Every golden-file fixture type-checks against the runtime, without warnings",
        arguments: ["formats", "methods", "naming", "recursion", "shapes"])
    func fixtureTypeChecks(_ fixture: String) async throws {
        let url = GeneratedModuleCheck.packageRoot.appendingPathComponent("Codegen/Tests/GoogleAPICodegenKitTests/Fixtures/\(fixture).json")
        let output = try CodeGenerator.generate(contentsOf: url, moduleName: "Fixture")
        let check = try await GeneratedModuleCheck.typecheck(output.files, label: "fixture-\(fixture)")
        #expect(check.passed, "\(fixture) does not type-check:\n\(check.output.prefix(4000))")
        // Generated code compiles cleanly too: a warning in it is one in every user's build.
        #expect(!check.output.contains("warning:"), "\(fixture) type-checks with warnings:\n\(check.output.prefix(4000))")
    }

    @Test("The shape comparison sees an injected declaration")
    func shapeComparisonDetectsInjection() {
        let clean = "/// A\npublic struct S {\n    let a = \"x\"\n}\n"
        let injected = "/// A\npublic struct S {\n    let a = \"x\"\n    public static let injected = 1\n}\n"
        #expect(SwiftShape.tokens(clean) == SwiftShape.tokens("/// Other text\npublic struct T {\n    let b = \"y\\\"z\"\n}\n"))
        #expect(SwiftShape.tokens(clean) != SwiftShape.tokens(injected))
        // A comment that an unescaped line break ended early is code again.
        #expect(SwiftShape.tokens("/// ok\n") != SwiftShape.tokens("/// ok\nlet x = 1\n"))
    }
}

// MARK: - FuzzRounds

/// `FUZZ_ROUNDS` for campaigns that do not go through `Fuzzer` (same seeds per round).
enum FuzzRounds {
    static var count: Int { Fuzzer.rounds }
    static func seed(_ seed: UInt64, round: Int) -> UInt64 { Fuzzer.seed(seed, round: round) }
}

// MARK: - InjectionDocument

/// A document using every string field the generator reads, each filled by `text(field)`
/// (`field` numbers the fields). Keys get a fixed, ordered prefix so that sorting — which decides
/// declaration order — does not depend on the text.
enum InjectionDocument {
    static func make(_ text: (Int) -> String) -> Data {
        var field = 0
        func next() -> String {
            field += 1
            return text(field)
        }
        func key(_ prefix: String) -> String {
            field += 1
            return "\(prefix)\(String(format: "%02d", field))_" + text(field)
        }
        func enumValues() -> [String] { [next(), next(), next()] }

        let item = key("K")
        let other = key("K")
        let page = key("K")
        let pathParameter = key("p")
        let queryParameter = key("q")
        let enumParameter = key("r")
        var schemas: [String: Any] = [:]
        schemas[item] =
            [
                "type": "object", "description": next(),
                "properties": [
                    key("a"): ["type": "string", "description": next(), "format": next(), "pattern": next()],
                    key("b"): ["type": "string", "enum": enumValues(), "enumDescriptions": enumValues()],
                    key("c"): ["type": "array", "description": next(), "items": ["$ref": other]],
                    key("d"): ["type": "object", "additionalProperties": ["type": "string", "format": next(), "description": next()]],
                    key("e"): ["type": "object", "description": next(), "properties": [key("f"): ["type": "integer", "format": next()]]],
                    key("g"): ["type": "string", "format": "int64", "deprecated": true, "description": next()],
                ] as [String: Any],
            ] as [String: Any]
        schemas[other] =
            [
                "type": "object", "description": next(), "deprecated": true,
                "properties": [
                    key("h"): ["$ref": item, "description": next()],
                    key("i"): ["type": "array", "items": ["type": "array", "items": ["type": "string", "format": "byte"]]],
                ] as [String: Any],
            ] as [String: Any]
        schemas[page] =
            [
                "type": "object",
                "properties": ["nextPageToken": ["type": "string"], "items": ["type": "array", "items": ["$ref": item]]] as [String: Any],
            ] as [String: Any]
        schemas[key("L")] = ["type": "array", "description": next(), "items": ["type": "string", "enum": enumValues()]] as [String: Any]

        let scope = "https://www.googleapis.com/auth/" + next()
        let method: [String: Any] = [
            "id": next(), "path": next(), "flatPath": next(), "httpMethod": next(), "description": next(),
            "scopes": [scope, next()],
            "parameterOrder": [pathParameter],
            "parameters": [
                pathParameter: [
                    "type": "string", "location": "path", "required": true, "pattern": next(), "description": next(), "format": next(),
                ],
                queryParameter: [
                    "type": "string", "location": "query", "repeated": true, "default": next(), "minimum": next(), "maximum": next(),
                    "description": next(),
                ],
                enumParameter: [
                    "type": "string", "location": "query", "enum": enumValues(), "enumDescriptions": enumValues(), "default": next(),
                ],
                "pageToken": ["type": "string", "location": "query"],
            ] as [String: Any],
            "request": ["$ref": item], "response": ["$ref": page],
            "supportsMediaUpload": true, "supportsMediaDownload": true,
            "mediaUpload": [
                "accept": [next(), next()], "maxSize": next(),
                "protocols": ["simple": ["multipart": true, "path": next()], "resumable": ["multipart": true, "path": next()]],
            ] as [String: Any],
        ]
        let document: [String: Any] = [
            "kind": "discovery#restDescription", "discoveryVersion": "v1",
            "id": next(), "name": next(), "canonicalName": next(), "version": next(), "title": next(), "description": next(),
            "rootUrl": "https://injection.example.com/", "servicePath": next(), "batchPath": next(), "basePath": next(),
            "auth": ["oauth2": ["scopes": [scope: ["description": next()]]]],
            "schemas": schemas,
            "resources": [
                key("s"): [
                    "methods": [key("m"): method],
                    "resources": [
                        key("t"): [
                            "methods": [
                                key("n"): ["path": next(), "httpMethod": "GET", "description": next(), "response": ["$ref": other]]
                                    as [String: Any]
                            ]
                        ]
                    ],
                ] as [String: Any]
            ],
            "methods": [
                key("o"): [
                    "path": next(), "httpMethod": "DELETE", "description": next(),
                    "parameters": [key("u"): ["type": "integer", "location": "query", "minimum": next(), "maximum": next()]],
                ] as [String: Any]
            ],
        ]
        // Serialization cannot fail: only strings, booleans, arrays and objects.
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
    }
}

// MARK: - SwiftShape

/// The shape of Swift source: its tokens with comments dropped, string literals as `STR`,
/// numbers as `NUM`, identifiers (backticked ones too) as `ID`, keywords and punctuation as
/// they are. Two sources of equal shape declare the same kinds of things in the same places.
/// Lines end at LF or CR, as for Swift's lexer; the test checks separately that no other line
/// break is present.
enum SwiftShape {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "super", "throws", "true", "try", "await", "any", "self", "Self", "async", "mutating", "final",
        "some", "get", "set", "throws", "indirect", "lazy", "override", "required", "convenience", "nonisolated",
    ]

    static func tokens(_ source: String) -> [String] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [String] = []
        var index = 0
        func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar.properties.isAlphabetic }
        func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool { isIdentifierStart(scalar) || ("0"..."9").contains(scalar) }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\n" || scalar == "\r" || scalar == "\t" {
                index += 1
            } else if scalar == "/" && index + 1 < scalars.count && scalars[index + 1] == "/" {
                // Swift's lexer ends a comment at CR as well as LF.
                while index < scalars.count && scalars[index] != "\n" && scalars[index] != "\r" { index += 1 }
            } else if scalar == "\"" {
                index += 1
                var closed = false
                while index < scalars.count {
                    if scalars[index] == "\\" {
                        index += 2
                        continue
                    }
                    if scalars[index] == "\n" { break }
                    if scalars[index] == "\"" {
                        closed = true
                        index += 1
                        break
                    }
                    index += 1
                }
                tokens.append(closed ? "STR" : "UNTERMINATED-STRING")
            } else if scalar == "`" {
                index += 1
                while index < scalars.count && scalars[index] != "`" && scalars[index] != "\n" { index += 1 }
                index += 1
                tokens.append("ID")
            } else if isIdentifierStart(scalar) {
                var word = String.UnicodeScalarView()
                while index < scalars.count && isIdentifierPart(scalars[index]) {
                    word.append(scalars[index])
                    index += 1
                }
                let text = String(word)
                tokens.append(keywords.contains(text) ? text : "ID")
            } else if ("0"..."9").contains(scalar) {
                while index < scalars.count && (isIdentifierPart(scalars[index]) || scalars[index] == ".") { index += 1 }
                tokens.append("NUM")
            } else {
                tokens.append(String(scalar))
                index += 1
            }
        }
        return tokens
    }
}

// MARK: - GeneratedModuleCheck

/// `swiftc -typecheck` of generated files against the runtime modules this test run built.
enum GeneratedModuleCheck {
    struct Result {
        var passed: Bool
        var output: String
    }

    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
                FileManager.default.fileExists(atPath: url.appendingPathComponent("Codegen").path)
            {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The built modules (`.build/<triple>/debug/Modules`), next to the test bundle.
    static var modulesDirectory: URL {
        ChildProcess.productsDirectory(containing: "google-api-codegen").appendingPathComponent("Modules")
    }

    static func typecheck(_ files: [GeneratedFile], label: String) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-check-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        // At a lower priority: the parallel tests beside it keep the CPU they need.
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "nice", "-n", "10", "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "GeneratedCheck",
                "-I", modulesDirectory.path, "-I", packageRoot.appendingPathComponent("Sources/CCurl").path,
            ] + paths,
            timeout: .seconds(900))
        let output = result.standardOutput + result.standardError
        return Result(passed: result.status == 0 && !output.contains("error:"), output: output)
    }
}
