#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Terminal

/// Facts about where output goes, so tables and progress bars appear only for people.
public enum Terminal {
    /// Whether standard output is a terminal.
    public static var isStandardOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal (progress is drawn there).
    public static var isStandardErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// The terminal's width in columns, or `fallback` when it is unknown.
    public static func columns(fallback: Int = 100) -> Int {
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        if ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return fallback
    }
}
