// MARK: - SwiftWriter

/// Accumulates indented Swift source lines (4 spaces per level, `\n` line ends).
struct SwiftWriter {
    private(set) var text = ""
    /// Indentation depth (4 spaces each); `SwiftWriter+Wrapping` indents too.
    var level = 0

    /// Appends a line at the current indentation (empty lines carry no trailing spaces).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            for _ in 0..<level { text += "    " }
            text += content
        }
        text += "\n"
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        // No blank line directly before a closing brace.
        if text.utf8.count >= 2, text.utf8.suffix(2).elementsEqual([0x0A, 0x0A]) { text.removeLast() }
        line("}")
    }

    /// `///` lines for a documentation block (nothing when empty). The only way text from a
    /// document becomes a doc comment: each line is split again at every line break and made
    /// safe by `SwiftSource.commentText`.
    mutating func documentation(_ lines: [String]) {
        var inCodeBlock = false
        for content in lines {
            for part in SwiftSource.lines(content) {
                let text = SwiftSource.commentText(part)
                if text.hasPrefix("```") { inCodeBlock.toggle() }
                // Long prose is broken at spaces (see `SwiftWriter+Wrapping`); code is left alone.
                let keepWhole = inCodeBlock || text.hasPrefix("```") || text.hasPrefix("    ")
                for piece in keepWhole ? [text] : Self.wrapText(text, width: Self.lineLimit - indentationWidth - 4) {
                    line(piece.isEmpty ? "///" : "/// " + piece)
                }
            }
        }
    }

    /// One `//` comment line (the file header); line breaks in `content` become spaces.
    mutating func comment(_ content: String) {
        let text = SwiftSource.commentText(content)
        line(text.isEmpty ? "//" : "// " + text)
    }

    /// Runs `body` on this writer (lets callers build per-file writers in a dictionary).
    mutating func append(_ body: (inout SwiftWriter) -> Void) {
        body(&self)
    }

    /// Appends already rendered text verbatim (no indentation).
    mutating func append(_ rendered: String) {
        guard !rendered.isEmpty else { return }
        text += rendered.hasSuffix("\n") ? rendered : rendered + "\n"
    }

    /// The text without trailing blank lines.
    var trimmedText: String {
        var result = text
        while result.hasSuffix("\n\n") { result.removeLast() }
        return result
    }
}
