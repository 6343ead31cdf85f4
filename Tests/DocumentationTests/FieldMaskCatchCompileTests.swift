import Foundation
import TestSupport
import Testing

// MARK: - FieldMaskCatchCompileTests

/// `GoogleFieldMask(parsing:)` caught the ways callers write it, compiled to an object file (a
/// crash of the compiler's ownership checks happens after type-checking): with a typed throws
/// clause, a `catch` of it led Swift 6.3.1 into "Found outside of lifetime use?!".
@Suite("Catching GoogleFieldMask(parsing:) compiles")
struct FieldMaskCatchCompileTests {
    @Test func catchFormsCompile() async throws {
        #if os(Linux)
        let source = """
            import GoogleDrive

            func plain(_ text: String) -> String {
                do {
                    let mask = try GoogleFieldMask<Drive.FileList>(parsing: text)
                    return mask.description
                } catch let error as GoogleAPIClientError {
                    return error.code.rawValue
                } catch {
                    return "\\(error)"
                }
            }

            func deferredAssignment(_ text: String) -> GoogleFieldMask<Drive.FileList>? {
                let mask: GoogleFieldMask<Drive.FileList>
                do {
                    mask = try .init(parsing: text)
                } catch {
                    print((error as? GoogleAPIClientError)?.code ?? "")
                    return nil
                }
                return mask
            }

            func generic<R>(_ text: String, _ type: R.Type) -> GoogleFieldMask<R>? {
                do { return try GoogleFieldMask<R>(parsing: text) } catch { return nil }
            }

            func inACall(_ text: String, drive: Drive) async throws -> Int {
                do {
                    return try await drive.files.list(fields: try GoogleFieldMask(parsing: text)).files?.count ?? 0
                } catch let error as GoogleAPIClientError where error.code == .invalidFieldMask {
                    return -1
                }
            }

            func inATask(_ text: String) async -> String {
                await Task {
                    do { return try GoogleFieldMask<Drive.FileList>(parsing: text).description } catch { return "\\(error)" }
                }.value
            }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mask-catch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Catch.swift")
        try Data(source.utf8).write(to: file)
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Modules")
        for optimization in ["-Onone", "-O"] {
            let result = try await ChildProcess.run(
                try DocumentationSnippetTests.compiler(),
                [
                    "-c", optimization, "-parse-as-library", "-swift-version", "6", "-suppress-warnings", "-module-name", "Catch",
                    "-I", modules.path, "-I", DocumentationSnippetTests.packageRoot.appendingPathComponent("Sources/CCurl").path,
                    file.path, "-o", folder.appendingPathComponent("Catch\(optimization).o").path,
                ], directory: folder, timeout: .seconds(600))
            #expect(result.status == 0, "\(optimization): swiftc says:\n\(result.standardError)")
        }
        #endif
    }
}
