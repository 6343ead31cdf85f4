import Foundation
import TestSupport
import Testing

/// The layering the README's module diagram shows, on the built executables: the emulator is a
/// server and links no HTTP client (GoogleEmulator does not depend on GoogleAuth/GoogleHTTP);
/// the `drive` tool, a client, does link libcurl, which shows the check can see it.
@Suite("The emulator links no libcurl")
struct EmulatorLinkTests {
    private static func needsLibcurl(_ executable: String) throws -> Bool {
        try LinkedLibraries.needsLibcurl(ToolProcess.productsDirectory.appendingPathComponent(executable))
    }

    @Test("google-api-emulator does not link libcurl; drive does")
    func emulatorWithoutLibcurl() throws {
        #expect(try !Self.needsLibcurl("google-api-emulator"))
        #expect(try Self.needsLibcurl("drive"))
    }
}
