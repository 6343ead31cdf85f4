import Foundation
import LocalHTTPServer
import Synchronization
import Testing

/// `google-api-codegen fetch`, run as a process against a Discovery service on 127.0.0.1.
@Suite("google-api-codegen fetch")
struct FetchCommandTests {
    /// Serves `documents` (by `/discovery/v1/apis/NAME/VERSION/rest`) and records request paths.
    private final class DiscoveryServer: Sendable {
        /// The request paths, in order.
        final class PathLog: Sendable {
            let storage = Mutex<[String]>([])
            func withLock<T>(_ body: (inout [String]) -> T) -> T { storage.withLock { body(&$0) } }
        }

        let server: LocalHTTPServer
        let paths = PathLog()

        init(documents: [String: Data]) throws {
            let paths = self.paths
            server = try LocalHTTPServer.start { request in
                paths.withLock { $0.append(request.path) }
                guard let document = documents[request.path] else { return .text("not found", status: 404) }
                return .json(document)
            }
        }

        deinit { server.stop() }

        var template: String {
            let base = server.baseURL.absoluteString
            return (base.hasSuffix("/") ? base : base + "/") + "discovery/v1/apis/{name}/{version}/rest"
        }
    }

    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("--strip-descriptions makes the same bytes as make-specs.py (Specs/drive.v3.json round-trips)")
    func strippedDocumentMatchesSpecs() async throws {
        let spec = try Data(contentsOf: CodegenProcess.packageRoot.appendingPathComponent("Specs/drive.v3.json"))
        let discovery = try DiscoveryServer(documents: ["/discovery/v1/apis/drive/v3/rest": spec])
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }

        let result = try await CodegenProcess.codegen(
            ["fetch", "drive", "v3", "--strip-descriptions", "--discovery-url", discovery.template], directory: directory)
        #expect(result.status == 0, "\(result.standardError)")
        let written = try Data(contentsOf: directory.appendingPathComponent("drive.v3.json"))
        #expect(written == spec)
        #expect(discovery.paths.withLock { $0 } == ["/discovery/v1/apis/drive/v3/rest"])
    }

    @Test("prose is removed at every depth, a property named description is kept; without the flag the bytes are untouched")
    func stripsProseOnly() async throws {
        let document = Data(
            #"""
            {"kind": "discovery#restDescription", "name": "notes", "version": "v1", "description": "Keeps notes.",
             "schemas": {"Note": {"id": "Note", "type": "object", "description": "A note.",
               "properties": {"description": {"type": "string", "description": "The note's description."},
                              "state": {"type": "string", "enum": ["A", "B"], "enumDescriptions": ["a", "b"]},
                              "title": {"type": "string", "description": "Ünïcode \"quoted\"\n"}}}},
             "resources": {}, "parameters": {"fields": {"type": "string", "location": "query", "description": "x"}},
             "values": [0, 1, 2, -3, 1.5, 2.0, true, false, null, 12345678901]}
            """#.utf8)
        let discovery = try DiscoveryServer(documents: ["/discovery/v1/apis/notes/v1/rest": document])
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }

        let stripped = try await CodegenProcess.codegen(
            ["fetch", "notes", "v1", "--strip-descriptions", "--output", "-", "--discovery-url", discovery.template], directory: directory)
        #expect(stripped.status == 0, "\(stripped.standardError)")
        #expect(
            stripped.standardOutput == """
                {
                  "kind": "discovery#restDescription",
                  "name": "notes",
                  "parameters": {
                    "fields": {
                      "location": "query",
                      "type": "string"
                    }
                  },
                  "resources": {},
                  "schemas": {
                    "Note": {
                      "id": "Note",
                      "properties": {
                        "description": {
                          "type": "string"
                        },
                        "state": {
                          "enum": [
                            "A",
                            "B"
                          ],
                          "type": "string"
                        },
                        "title": {
                          "type": "string"
                        }
                      },
                      "type": "object"
                    }
                  },
                  "values": [
                    0,
                    1,
                    2,
                    -3,
                    1.5,
                    2.0,
                    true,
                    false,
                    null,
                    12345678901
                  ],
                  "version": "v1"
                }

                """)

        let raw = try await CodegenProcess.codegen(
            ["fetch", "notes", "v1", "--output", "raw.json", "--discovery-url", discovery.template], directory: directory)
        #expect(raw.status == 0, "\(raw.standardError)")
        #expect(try Data(contentsOf: directory.appendingPathComponent("raw.json")) == document)
    }

    @Test("HTTP errors, non-Discovery bodies and bad names fail with a message and write nothing")
    func failures() async throws {
        let discovery = try DiscoveryServer(documents: [
            "/discovery/v1/apis/plain/v1/rest": Data(#"{"kind": "something#else"}"#.utf8),
            "/discovery/v1/apis/broken/v1/rest": Data("{not json".utf8),
        ])
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (arguments, status, message) in [
            (["fetch", "missing", "v1"], Int32(1), "HTTP 404"),
            (["fetch", "plain", "v1"], 1, "not a Discovery document"),
            (["fetch", "broken", "v1"], 1, "did not return JSON"),
            (["fetch", "../etc", "v1"], 64, "may hold only"),
            (["fetch", "drive"], 64, "NAME and VERSION"),
            (["fetch", "drive", "v3", "--bogus"], 64, "unknown option"),
        ] {
            let result = try await CodegenProcess.codegen(arguments + ["--discovery-url", discovery.template], directory: directory)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
