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
        if items.isEmpty || indentation.count + single.count <= Self.lineLimit {
            line(single)
            return
        }
        // Spaces that separated head, items and tail on one line would dangle at a break.
        line(String(head.reversed().drop { $0 == " " }.reversed()))
        indented { writer in
            let width = Self.lineLimit - writer.indentation.count
            var current = ""
            for (index, item) in items.enumerated() {
                let piece = index == items.count - 1 ? item : item + ","
                if current.isEmpty {
                    current = piece
                } else if current.count + 1 + piece.count <= width {
                    current += " " + piece
                } else {
                    writer.line(current)
                    current = piece
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

    // MARK: - Text

    /// Splits one line of doc text at spaces so that, after `prefixWidth` columns, no piece is
    /// longer than `width` unless a single word is. A Markdown list item's continuation lines
    /// are indented to stay in the item (DocC joins the lines of a paragraph).
    static func wrapText(_ text: String, width: Int) -> [String] {
        guard text.count > width else { return [text] }
        let leading = text.prefix { $0 == " " }
        let rest = text.dropFirst(leading.count)
        let continuation = String(leading) + (rest.hasPrefix("- ") ? "  " : "")
        var lines: [String] = []
        var current = String(leading)
        var currentHasWord = false
        for word in rest.split(separator: " ", omittingEmptySubsequences: false) {
            if currentHasWord && current.count + 1 + word.count > width {
                lines.append(current)
                current = continuation + word
            } else {
                current += currentHasWord ? " " + word : String(word)
            }
            currentHasWord = true
        }
        lines.append(current)
        return lines
    }
}
