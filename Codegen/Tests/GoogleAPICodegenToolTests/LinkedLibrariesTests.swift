import Foundation
import Testing

/// The layering the README's module diagram shows, checked on the built executables: what the
/// plugins run does not load libcurl; `google-api-codegen` (with `fetch`) does, which shows the
/// check can see it.
@Suite("Executables link libcurl only where the layering says")
struct LinkedLibrariesTests {
    /// Whether the executable names libcurl among the shared libraries it needs: an ELF binary
    /// (or Mach-O) linked against it carries the library's file name in its dynamic section.
    private static func needsLibcurl(_ executable: String) throws -> Bool {
        let data = try Data(contentsOf: CodegenProcess.productsDirectory.appendingPathComponent(executable))
        return data.range(of: Data("libcurl.so".utf8)) != nil || data.range(of: Data("libcurl.4.dylib".utf8)) != nil
    }

    @Test("google-api-codegen-generate does not link libcurl; google-api-codegen does")
    func libcurlOnlyWhereNeeded() throws {
        #expect(try !Self.needsLibcurl("google-api-codegen-generate"))
        #expect(try Self.needsLibcurl("google-api-codegen"))
    }
}
