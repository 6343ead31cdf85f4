import Foundation
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Testing

/// Walks the emulator's Drive answers (with `fields=*`, so every member it has) and checks each
/// member against the Discovery document's schema: a member the schema lacks, or a value of
/// another JSON type, is a test failure.
@Suite struct DriveSchemaConformanceTests {
    private static func loadDocument() -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs/drive.v3.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// Where `value` breaks `schema`, as JSON paths with the reason.
    private static func violations(_ value: Any, schema: [String: Any], path: String, document: [String: Any]) -> [String] {
        if let reference = schema["$ref"] as? String {
            guard let target = (document["schemas"] as? [String: Any])?[reference] as? [String: Any] else {
                return ["\(path): unknown schema \(reference)"]
            }
            return violations(value, schema: target, path: path, document: document)
        }
        switch schema["type"] as? String {
        case "object":
            guard let object = value as? [String: Any] else { return ["\(path): not an object"] }
            let properties = schema["properties"] as? [String: Any]
            let additional = schema["additionalProperties"] as? [String: Any]
            return object.sorted { $0.key < $1.key }.flatMap { key, member -> [String] in
                if let property = properties?[key] as? [String: Any] {
                    return violations(member, schema: property, path: "\(path).\(key)", document: document)
                }
                if let additional { return violations(member, schema: additional, path: "\(path).\(key)", document: document) }
                return ["\(path).\(key): not in the schema"]
            }
        case "array":
            guard let array = value as? [Any] else { return ["\(path): not an array"] }
            let items = schema["items"] as? [String: Any] ?? [:]
            return array.enumerated().flatMap { violations($1, schema: items, path: "\(path)[\($0)]", document: document) }
        case "string":
            guard value is String else { return ["\(path): not a string"] }
            if schema["format"] as? String == "int64", let text = value as? String, Int64(text) == nil {
                return ["\(path): not an int64 string"]
            }
            return []
        case "boolean":
            return value is Bool ? [] : ["\(path): not a boolean"]
        case "integer", "number":
            return value is NSNumber && !(value is Bool) || value is Int ? [] : ["\(path): not a number"]
        default:
            return []
        }
    }

    private func check(_ harness: EmulatorHarness, _ method: GoogleHTTPMethod, _ path: String, schema: String, json: [String: Any]? = nil)
        async throws
    {
        let response = if let json { try await harness.sendJSON(method, path, json: json) } else { try await harness.send(method, path) }
        #expect(response.status == 200, "\(path): \(response.text)")
        let body = try JSONSerialization.jsonObject(with: response.body)
        let found = Self.violations(body, schema: ["$ref": schema], path: schema, document: Self.loadDocument())
        #expect(found.isEmpty, "\(path): \(found)")
    }

    @Test func theWalkFindsWhatDoesNotFit() {
        let document = Self.loadDocument()
        let wrong: [String: Any] = ["kind": "drive#file", "bogus": 1, "trashed": "yes", "size": "12x", "exportLinks": ["a": 1]]
        let found = Self.violations(wrong, schema: ["$ref": "File"], path: "File", document: document)
        #expect(
            Set(found) == [
                "File.bogus: not in the schema", "File.trashed: not a boolean", "File.size: not an int64 string",
                "File.exportLinks.a: not a string",
            ])
    }

    @Test func everyDriveAnswerFitsItsSchema() async throws {
        #expect(!Self.loadDocument().isEmpty, "Specs/drive.v3.json")
        let harness = try EmulatorHarness()
        let team = harness.emulator.addSharedDrive(name: "Team")
        let doc = harness.emulator.addDriveDocument(name: "Doc", text: "hello")
        let shared = try harness.emulator.addDriveFile(name: "s.bin", content: Data("s".utf8), parentID: team)
        let hook = try LocalHTTPServer.start { _ in HTTPServerResponse(status: 200) }
        defer { hook.stop() }

        try await check(harness, .get, "/drive/v3/files?fields=*&includeItemsFromAllDrives=true&supportsAllDrives=true", schema: "FileList")
        try await check(harness, .get, "/drive/v3/files/\(doc)?fields=*", schema: "File")
        try await check(harness, .get, "/drive/v3/files/\(shared)?fields=*&supportsAllDrives=true", schema: "File")
        try await check(harness, .get, "/drive/v3/files/\(GoogleEmulator.Seed.helloTextFileID)?fields=*", schema: "File")
        try await check(harness, .get, "/drive/v3/about?fields=*", schema: "About")
        try await check(harness, .get, "/drive/v3/changes/startPageToken", schema: "StartPageToken")
        try await check(
            harness, .get, "/drive/v3/changes?pageToken=1&pageSize=1000&fields=*&includeItemsFromAllDrives=true&supportsAllDrives=true",
            schema: "ChangeList")
        try await check(
            harness, .post, "/drive/v3/files/\(doc)/permissions?fields=*", schema: "Permission",
            json: ["type": "user", "role": "reader", "emailAddress": "a@example.com"])
        try await check(harness, .get, "/drive/v3/files/\(doc)/permissions?fields=*", schema: "PermissionList")
        try await check(harness, .get, "/drive/v3/drives?fields=*", schema: "DriveList")
        try await check(harness, .get, "/drive/v3/drives/\(team)?fields=*", schema: "Drive")
        try await check(harness, .post, "/drive/v3/drives?requestId=q", schema: "Drive", json: ["name": "Other"])
        let channel = ["id": "schema", "type": "web_hook", "address": hook.baseURL.absoluteString + "/n"]
        try await check(harness, .post, "/drive/v3/changes/watch?pageToken=1", schema: "Channel", json: channel)
        try await check(
            harness, .post, "/drive/v3/files/\(doc)/watch", schema: "Channel", json: ["id": "schema-2"].merging(channel) { a, _ in a })
    }
}
