import Foundation

// MARK: - DocumentationSnippet

/// One ```` ```swift ```` block of the README or of a DocC article, with where it stands.
struct DocumentationSnippet {
    /// The file, relative to the package root.
    var file: String
    /// The line of the block's first code line (1-based).
    var line: Int
    /// The block's code, without the indentation of the fence (a block inside a list item).
    var lines: [String]

    /// A whole `Package.swift` (it starts with the tools-version line): checked against the
    /// toolchain's PackageDescription, not the package's modules.
    var isManifest: Bool { lines.first?.hasPrefix("// swift-tools-version") == true }

    /// Every `swift` block in `text`. Blocks of other languages are skipped whole, so their lines
    /// are never taken for fences.
    static func snippets(in text: String, file: String) -> [DocumentationSnippet] {
        var snippets: [DocumentationSnippet] = []
        var open: (fence: Substring, indent: Int, snippet: DocumentationSnippet?)?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard let block = open else {
                guard trimmed.hasPrefix("```") else { continue }
                let fence = trimmed.prefix { $0 == "`" }
                let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
                let snippet = info == "swift" ? DocumentationSnippet(file: file, line: index + 2, lines: []) : nil
                open = (fence, line.count - trimmed.count, snippet)
                continue
            }
            if trimmed.hasPrefix(block.fence), trimmed.allSatisfy({ $0 == "`" }) {
                if let snippet = block.snippet { snippets.append(snippet) }
                open = nil
            } else if var snippet = block.snippet {
                var code = Substring(line)
                var dropped = 0
                while dropped < block.indent, code.first == " " {
                    code = code.dropFirst()
                    dropped += 1
                }
                snippet.lines.append(String(code))
                open?.snippet = snippet
            }
        }
        return snippets
    }

    /// Blocks as one function of the checked file: their `import` lines go to the top of the
    /// file (`imports`), the rest becomes the body of an `async throws` function, each block under
    /// a line directive so that the compiler's messages name the document and its line. Each block
    /// sits in a scope inside the one before it: it sees the names earlier blocks declared and
    /// may declare them again.
    static func function(of snippets: [DocumentationSnippet], named name: String, imports: inout Set<String>) -> String {
        var body: [String] = []
        for (index, snippet) in snippets.enumerated() {
            if index > 0 { body.append("do {") }
            body.append("#sourceLocation(file: \"\(snippet.file)\", line: \(snippet.line))")
            for code in snippet.lines {
                let trimmed = code.trimmingCharacters(in: .whitespaces)
                if trimmed.range(of: #"^(@[A-Za-z_]+ )*((public|package|internal) )?import "#, options: .regularExpression) != nil {
                    imports.insert(trimmed)
                    body.append("")
                } else {
                    body.append(code)
                }
            }
        }
        return """
            @available(macOS 15, *)
            func \(name)() async throws {
            \(body.joined(separator: "\n"))
            #sourceLocation()
            \(String(repeating: "}", count: max(snippets.count - 1, 0)))
            }

            """
    }
}
