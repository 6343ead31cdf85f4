import Foundation
import Testing

/// The layering the README's module diagram shows, on the built executables: the emulator is a
/// server and links no HTTP client (GoogleEmulator does not depend on GoogleAuth/GoogleHTTP);
/// the `drive` tool, a client, does link libcurl, which shows the check can see it.
@Suite("The emulator links no libcurl")
struct EmulatorLinkTests {
    /// Whether the executable names libcurl among the shared libraries it needs: an ELF binary
    /// (or Mach-O) linked against it carries the library's file name in its dynamic section.
    private static func needsLibcurl(_ executable: String) throws -> Bool {
        let data = try Data(contentsOf: ToolProcess.productsDirectory.appendingPathComponent(executable))
        return data.range(of: Data("libcurl.so".utf8)) != nil || data.range(of: Data("libcurl.4.dylib".utf8)) != nil
    }

    @Test("google-api-emulator does not link libcurl; drive does")
    func emulatorWithoutLibcurl() throws {
        #expect(try !Self.needsLibcurl("google-api-emulator"))
        #expect(try Self.needsLibcurl("drive"))
    }
}
