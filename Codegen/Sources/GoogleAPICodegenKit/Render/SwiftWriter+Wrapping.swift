// MARK: - Wrapping

/// Long lists (parameters, arguments, scopes) and doc text broken where Swift and Markdown allow,
/// so no generated line is much longer than ``SwiftWriter/lineLimit`` unless a single item is.
extension SwiftWriter {
    /// The longest line the writer aims for, indentation included.
    static let lineLimit = 160

    /// Writes `head` + the items joined by `, ` + `tail` on one line when it fits; otherwise `head`,
    /// then the items packed onto lines one level deeper (each ending in `,` but the last), then
    /// `tail` (which should start with the closing bracket).
    mutating func wrappedList(_ head: String, _ items: [String], _ tail: String) {
        let single = head + items.joined(separator: ", ") + tail
        if items.isEmpty || indentationWidth + Self.columns(single) <= Self.lineLimit {
            line(single)
            return
        }
        // Spaces that separated head, items and tail on one line would dangle at a break.
        line(Self.droppingTrailingSpaces(head))
        indented { writer in
            let width = Self.lineLimit - writer.indentationWidth
            var current = ""
            // Widths are kept alongside the text: counting a growing line's characters again
            // for every item made long lists quadratic.
            var currentColumns = 0
            for (index, item) in items.enumerated() {
                let piece = index == items.count - 1 ? item : item + ","
                let pieceColumns = Self.columns(piece)
                if current.isEmpty {
                    current = piece
                    currentColumns = pieceColumns
                } else if currentColumns + 1 + pieceColumns <= width {
                    current += " " + piece
                    currentColumns += 1 + pieceColumns
                } else {
                    writer.line(current)
                    current = piece
                    currentColumns = pieceColumns
                }
            }
            if !current.isEmpty { writer.line(current) }
        }
        line(String(tail.drop { $0 == " " }))
    }

    /// ``wrappedList(_:_:_:)`` as the header of a `{ }` block.
    mutating func wrappedBlock(_ head: String, _ items: [String], _ tail: String, _ body: (inout SwiftWriter) -> Void) {
        wrappedList(head, items, tail + " {")
        indented(body)
        line("}")
    }

    /// A one-line `@_alwaysEmitIntoClient` member (`head` + `parameters` + `tail` `{ body }`) of
    /// a field selection extension: on one line when it fits, else the attribute on a line of its
    /// own, and a wrapped declaration with the body in a block when it still does not fit.
    mutating func selectionMember(_ head: String, _ parameters: [String] = [], _ tail: String = "", body: String) {
        let attribute = "@_alwaysEmitIntoClient"
        let member = "\(head)\(parameters.joined(separator: ", "))\(tail) { \(body) }"
        if indentation.count + attribute.count + 1 + member.count <= Self.lineLimit {
            line("\(attribute) \(member)")
        } else if indentation.count + member.count <= Self.lineLimit {
            line(attribute)
            line(member)
        } else {
            line(attribute)
            wrappedBlock(head, parameters, tail) { $0.line(body) }
        }
    }

    /// Runs `body` one level deeper.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// The current indentation.
    var indentation: String { String(repeating: "    ", count: level) }

    /// The width of ``indentation`` (4 columns a level), without building it.
    var indentationWidth: Int { 4 * level }

    // MARK: - Text

    /// Splits one line of doc text at spaces so that, after `prefixWidth` columns, no piece is
    /// longer than `width` unless a single word is. A Markdown list item's continuation lines
    /// are indented to stay in the item (DocC joins the lines of a paragraph).
    static func wrapText(_ text: String, width: Int) -> [String] {
        guard columns(text) > width else { return [text] }
        if let lines = wrapASCIIText(text, width: width) { return lines }
        let leading = text.prefix { $0 == " " }
        let rest = text.dropFirst(leading.count)
        let continuation = String(leading) + (rest.hasPrefix("- ") ? "  " : "")
        let continuationColumns = columns(continuation)
        var lines: [String] = []
        var current = String(leading)
        var currentColumns = leading.count
        var currentHasWord = false
        for word in rest.split(separator: " ", omittingEmptySubsequences: false) {
            let wordColumns = columns(word)
            if currentHasWord && currentColumns + 1 + wordColumns > width {
                lines.append(current)
                current = continuation + word
                currentColumns = continuationColumns + wordColumns
            } else {
                current += currentHasWord ? " " + word : String(word)
                currentColumns += (currentHasWord ? 1 : 0) + wordColumns
            }
            currentHasWord = true
        }
        lines.append(current)
        return lines
    }

    /// ``wrapText(_:width:)`` for ASCII text (`nil` for other text), on its bytes: words are
    /// found by their spaces and each line is cut from `text` whole (the words of a line and the
    /// single spaces between them are exactly a run of the text), instead of split into words
    /// and joined again.
    private static func wrapASCIIText(_ text: String, width: Int) -> [String]? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> [String]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            var leading = 0
            while leading < bytes.count, bytes[leading] == 0x20 { leading += 1 }
            let isListItem = leading + 1 < bytes.count && bytes[leading] == 0x2D && bytes[leading + 1] == 0x20
            let continuation = String(repeating: " ", count: leading + (isListItem ? 2 : 0))
            var lines: [String] = []
            // The current line: its prefix (the leading spaces, or the continuation indent) and
            // the run of text from `lineStart` to `lineEnd`.
            var prefix = string(0..<leading)
            var lineStart = leading
            var lineEnd = leading
            var currentHasWord = false
            var wordStart = leading
            while wordStart <= bytes.count {
                var wordEnd = wordStart
                while wordEnd < bytes.count, bytes[wordEnd] != 0x20 { wordEnd += 1 }
                if currentHasWord && prefix.utf8.count + (lineEnd - lineStart) + 1 + (wordEnd - wordStart) > width {
                    lines.append(prefix + string(lineStart..<lineEnd))
                    prefix = continuation
                    lineStart = wordStart
                }
                lineEnd = wordEnd
                currentHasWord = true
                wordStart = wordEnd + 1
            }
            lines.append(prefix + string(lineStart..<lineEnd))
            return lines
        } ?? nil
    }

    /// The width of `text` in characters, what the line limit counts; for ASCII text (almost
    /// all generated code and prose) its byte count, which a string knows without a scan.
    static func columns(_ text: some StringProtocol) -> Int {
        let isASCII =
            text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
        return isASCII ? text.utf8.count : text.count
    }

    /// `text` without its trailing spaces.
    static func droppingTrailingSpaces(_ text: String) -> String {
        var end = text.utf8.endIndex
        while end > text.utf8.startIndex, text.utf8[text.utf8.index(before: end)] == 0x20 { end = text.utf8.index(before: end) }
        return end == text.utf8.endIndex ? text : String(text[..<end])
    }
}
