// MARK: - TerminalText

/// Makes server-supplied text safe to show on a terminal. A file name, chat message or error
/// message containing ESC, BEL or another control character could otherwise move the cursor,
/// rewrite earlier lines, change the window title or ring the bell; bidirectional overrides could
/// reorder what is shown. Such characters are replaced by a visible `\u{XX}` escape. `--json`
/// output does not go through this: JSON escapes control characters itself.
public enum TerminalText {
    /// `text` with control characters escaped.
    /// - Parameters:
    ///   - text: Text that may come from a server or a file.
    ///   - keepingNewlines: Keep line feeds and tabs (multi-line messages); otherwise they are
    ///     escaped too, so one value cannot pose as several lines.
    public static func sanitized(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscaping($0, keepingNewlines: keepingNewlines) }) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscaping(scalar, keepingNewlines: keepingNewlines) {
                output.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Prints `text` to standard output with control characters escaped (line feeds kept).
    public static func print(_ text: String) {
        Swift.print(sanitized(text, keepingNewlines: true))
    }

    static func needsEscaping(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (including the 8-bit CSI, 0x9B)
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides, isolates
        default: false
        }
    }
}
