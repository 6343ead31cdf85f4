import Foundation
import TestSupport
import Testing

/// The layering the README's module diagram shows, checked on the built executables: what the
/// plugins run does not load libcurl; `google-api-codegen` (with `fetch`) does, which shows the
/// check can see it.
@Suite("Executables link libcurl only where the layering says")
struct LinkedLibrariesTests {
    private static func needsLibcurl(_ executable: String) throws -> Bool {
        try LinkedLibraries.needsLibcurl(CodegenProcess.productsDirectory.appendingPathComponent(executable))
    }

    @Test("google-api-codegen-generate does not link libcurl; google-api-codegen does")
    func libcurlOnlyWhereNeeded() throws {
        #expect(try !Self.needsLibcurl("google-api-codegen-generate"))
        #expect(try Self.needsLibcurl("google-api-codegen"))
    }
}
