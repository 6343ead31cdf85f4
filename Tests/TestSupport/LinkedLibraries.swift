import Foundation

// MARK: - LinkedLibraries

/// What a built executable links, read from the binary itself: the layering checks of the
/// codegen tools and of the emulator share it.
public enum LinkedLibraries {
    /// Whether the executable names libcurl among the shared libraries it needs: an ELF binary
    /// (or Mach-O) linked against it carries the library's file name in its dynamic section.
    /// - Parameter executable: The built executable.
    /// - Throws: When the file cannot be read.
    public static func needsLibcurl(_ executable: URL) throws -> Bool {
        let data = try Data(contentsOf: executable)
        return data.range(of: Data("libcurl.so".utf8)) != nil || data.range(of: Data("libcurl.4.dylib".utf8)) != nil
    }
}
