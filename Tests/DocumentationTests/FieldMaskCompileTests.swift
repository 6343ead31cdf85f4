import Foundation
import TestSupport
import Testing

// MARK: - FieldMaskCompileTests

/// Typed field masks and YouTube parts are checked by the compiler: snippets using them
/// type-check against the built modules, and each snippet naming a member the schema doesn't
/// have (or nesting into a scalar, or using another schema's member) fails to, on its own line.
@Suite("Typed masks the compiler checks")
struct FieldMaskCompileTests {
    /// Compiles `body` (functions over `drive: Drive` and `youtube: YouTube`) and returns swiftc's status and errors.
    private func typecheck(_ body: String) async throws -> (status: Int32, errors: String) {
        let source = """
            import GoogleDrive
            import GoogleYouTube

            \(body)
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Masks.swift")
        try Data(source.utf8).write(to: file)
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Modules")
        let result = try await ChildProcess.run(
            try DocumentationSnippetTests.compiler(),
            [
                "-typecheck", "-parse-as-library", "-swift-version", "6", "-suppress-warnings", "-module-name", "Masks",
                "-I", modules.path, "-I", DocumentationSnippetTests.packageRoot.appendingPathComponent("Sources/CCurl").path,
                file.path,
            ], directory: DocumentationSnippetTests.packageRoot, timeout: .seconds(600))
        return (result.status, result.standardError)
    }

    @Test("Masks over the generated members type-check")
    func validMasksCompile() async throws {
        #if os(Linux)
        let result = try await typecheck(
            """
            func masks(drive: Drive, youtube: YouTube) async throws {
                _ = try await drive.files.list(pageSize: 10, fields: [.nextPageToken, .files([.id, .name, .owners([.emailAddress])])])
                _ = try await drive.files.get(fileId: "x", fields: [.capabilities([.canEdit]), .appProperties(key: "k")])
                _ = drive.files.listPages(.init(), fields: "files(id)")
                let mask: GoogleFieldMask<YouTube.LiveBroadcastListResponse> = [.items([.id, .snippet([.title, .thumbnails([.default([.url])])])])]
                _ = mask
                _ = try await youtube.liveBroadcasts.list(part: [.id, .snippet, .status], mine: true)
                _ = try await youtube.liveStreams.list(part: [.id, .cdn], mine: true)
                _ = try await youtube.liveChatMessages.list(liveChatId: "c", part: [.snippet, .authorDetails])
                _ = try await youtube.liveBroadcasts.list(part: ["snippet"], mine: true)
            }
            """)
        #expect(result.status == 0, "swiftc says:\n\(result.errors)")
        #endif
    }

    @Test("A member the schema doesn't have does not compile")
    func wrongMembersDoNotCompile() async throws {
        #if os(Linux)
        // Line numbers in the compiled file (two imports and a blank line come first).
        let wrong = [
            "_ = try await drive.files.list(fields: [.files([.nmae])])",  // a typo
            "_ = try await drive.files.list(fields: [.files([.owners([.id])])])",  // User has no id
            "_ = try await drive.files.list(fields: [.files([.name([.id])])])",  // a string has no members
            "_ = try await drive.files.get(fileId: \"x\", fields: [.files([.id])])",  // FileList's member on File
            "_ = try await drive.files.list(fields: [.nextPageToken(key: \"a\")])",  // not a map
            "_ = try await youtube.liveBroadcasts.list(part: [.snippett], mine: true)",  // a typo in a part
            "_ = try await youtube.liveBroadcasts.list(part: [.cdn], mine: true)",  // a LiveStream part
            "_ = try await youtube.liveBroadcasts.list(part: [.snippet([.title])], mine: true)",  // parts don't nest
        ]
        let body = wrong.enumerated().map { "func wrong\($0.offset)(drive: Drive, youtube: YouTube) async throws {\n    \($0.element)\n}" }
            .joined(separator: "\n")
        let result = try await typecheck(body)
        #expect(result.status != 0)
        for index in wrong.indices {
            // Each function takes three lines; its call is the second.
            let line = 4 + index * 3 + 1
            #expect(result.errors.contains("Masks.swift:\(line):"), "no error for `\(wrong[index])` (line \(line)):\n\(result.errors)")
        }
        #endif
    }
}
