// MARK: - SwiftSource

/// The only two ways document text reaches generated source: as comment text and as a string
/// literal. Every renderer goes through these (`SwiftWriter.documentation`/`comment` and
/// `Renderer.literal`), so a Discovery document cannot end a comment or a literal early and
/// put code into the user's module, whatever field the text came from.
enum SwiftSource {
    // MARK: - Comments

    /// Splits text into lines at every line break Swift (or a reader's editor) recognises:
    /// LF, CR, CRLF (one break), VT, FF, NEL, U+2028 and U+2029. The lines themselves are not
    /// yet safe for a comment; `commentText` makes them so.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if isLineBreak(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// One line of comment text: line breaks become spaces, other control and invisible
    /// formatting characters (NUL, ESC, bidirectional overrides, …) become U+FFFD so they can
    /// neither end the comment nor make the source read differently from what it compiles to.
    /// Trailing whitespace is dropped.
    static func commentText(_ line: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if isLineBreak(scalar) {
                result.append(" ")
            } else if scalar == "\t" || !isHazardous(scalar) {
                result.append(scalar)
            } else {
                result.append("\u{FFFD}")
            }
        }
        var text = String(result)
        while let last = text.unicodeScalars.last, last == " " || last == "\t" { text.unicodeScalars.removeLast() }
        return text
    }

    // MARK: - String literals

    /// A single-line Swift string literal whose value is exactly `text`: backslash and quote
    /// escaped, every control, line-break, formatting and private/unassigned scalar written as
    /// `\u{…}`, so neither the compiler nor an editor sees a line end or hidden text in it.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isLineBreak(scalar) || isHazardous(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    // MARK: - Character classes

    /// Line terminators of Swift's lexer (LF, CR) and of Unicode (VT, FF, NEL, LS, PS).
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Characters that are invisible or change how the text around them displays: controls,
    /// format characters (bidirectional overrides, zero-width spaces), surrogates, private-use
    /// and unassigned code points.
    static func isHazardous(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
