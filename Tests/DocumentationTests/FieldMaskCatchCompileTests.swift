import Foundation
import TestSupport
import Testing

// MARK: - FieldMaskCatchCompileTests

/// `GoogleFieldMask(parsing:)` caught the ways callers write it, compiled to an object file (a
/// crash of the compiler's ownership checks happens after type-checking): with a typed throws
/// clause, a `catch` of it led Swift 6.3.1 into "Found outside of lifetime use?!".
///
/// The harness is checked too: the same compilation of a source that does not type-check, and of
/// the catch forms with the compiler made to crash, must each fail, so that a compiler crash (or an
/// error) reaches an expectation instead of passing unseen.
@Suite("Catching GoogleFieldMask(parsing:) compiles")
struct FieldMaskCatchCompileTests {
    /// The ways callers catch `GoogleFieldMask(parsing:)`.
    static let catchForms = """
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

    /// One compilation of a source: at which optimization, swiftc's status, what it said, and
    /// whether it wrote the object file.
    struct Compilation {
        var optimization: String
        var status: Int32
        var errors: String
        var objectBytes: Int

        /// Whether swiftc succeeded and wrote a non-empty object file.
        var succeeded: Bool { status == 0 && objectBytes > 0 }
    }

    /// Compiles `source` (which may import GoogleDrive) to an object file at `-Onone` and at `-O`.
    /// - Parameter frontendFlags: Extra flags for the compiler's frontend (`-Xfrontend` each).
    static func compile(_ source: String, frontendFlags: [String] = []) async throws -> [Compilation] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mask-catch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Catch.swift")
        try Data(source.utf8).write(to: file)
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Modules")
        var compilations: [Compilation] = []
        for optimization in ["-Onone", "-O"] {
            let object = folder.appendingPathComponent("Catch\(optimization).o")
            let result = try await ChildProcess.run(
                try DocumentationSnippetTests.compiler(),
                [
                    "-c", optimization, "-parse-as-library", "-swift-version", "6", "-suppress-warnings", "-module-name", "Catch",
                    "-I", modules.path, "-I", DocumentationSnippetTests.packageRoot.appendingPathComponent("Sources/CCurl").path,
                    file.path, "-o", object.path,
                ] + frontendFlags.flatMap { ["-Xfrontend", $0] }, directory: folder, timeout: .seconds(600))
            let bytes = (try? FileManager.default.attributesOfItem(atPath: object.path)[.size] as? Int) ?? 0
            compilations.append(
                Compilation(optimization: optimization, status: result.status, errors: result.standardError, objectBytes: bytes))
        }
        return compilations
    }

    @Test("The catch forms compile to object files at -Onone and -O")
    func catchFormsCompile() async throws {
        #if os(Linux)
        let compilations = try await Self.compile(Self.catchForms)
        #expect(compilations.count == 2)
        for compilation in compilations {
            #expect(compilation.succeeded, "\(compilation.optimization): status \(compilation.status), swiftc says:\n\(compilation.errors)")
        }
        #endif
    }

    @Test("The same compilation fails for a source that does not type-check, and when the compiler crashes")
    func brokenVariantsFail() async throws {
        #if os(Linux)
        let wrongType = Self.catchForms + "\nlet broken: GoogleFieldMask<Drive.FileList> = 42\n"
        for compilation in try await Self.compile(wrongType) {
            #expect(!compilation.succeeded, "\(compilation.optimization): a source with a type error compiled")
            #expect(compilation.errors.contains("Catch.swift:"), "\(compilation.errors)")
        }
        // What the Swift 6.3.1 crash looked like to the harness: the frontend dying mid-compilation.
        for compilation in try await Self.compile(Self.catchForms, frontendFlags: ["-debug-crash-after-parse"]) {
            #expect(!compilation.succeeded, "\(compilation.optimization): a crashing compiler passed")
        }
        #endif
    }
}
