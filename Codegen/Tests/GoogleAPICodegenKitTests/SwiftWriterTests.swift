import Testing

@testable import GoogleAPICodegenKit

// MARK: - SwiftWriterTests

/// `SwiftWriter.wrapText` cuts ASCII text on its bytes for speed; it must break exactly where
/// the word-by-word rule (`wordByWord`, how it was first written) breaks.
@Suite struct SwiftWriterTests {
    @Test("Byte-level wrapping of doc text equals word-by-word wrapping")
    func wrapTextMatchesWordByWord() {
        let words = ["a", "bb", "word", "longerword", "", " ", "- ", "x-y", "`code`", "\t", "https://example.com/a/long/path"]
        var state: UInt64 = 0x5752_4150_5445_5854
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<3000 {
            var text = String(repeating: " ", count: next(4)) + (next(3) == 0 ? "- " : "")
            for index in 0..<next(30) { text += (index == 0 ? "" : " ") + words[next(words.count)] }
            let width = 5 + next(40)
            #expect(SwiftWriter.wrapText(text, width: width) == Self.wordByWord(text, width: width), "\(text.debugDescription) at \(width)")
        }
        #expect(SwiftWriter.wrapText("  - one two three", width: 9) == ["  - one", "    two", "    three"])
        #expect(SwiftWriter.wrapText("caf\u{E9} caf\u{E9} caf\u{E9}", width: 9) == ["caf\u{E9} caf\u{E9}", "caf\u{E9}"])
    }

    @Test("A long list wraps at the line limit; a short one stays on one line")
    func wrappedList() {
        var writer = SwiftWriter()
        writer.wrappedList("f(", ["a", "b"], ")")
        let items = (0..<40).map { "argument\($0): value\($0)" }
        writer.wrappedList("call(  ", items, ")")
        let lines = writer.text.split(separator: "\n").map { $0.trimmingPrefix("    ") }
        #expect(lines.first == "f(a, b)")
        #expect(lines[1] == "call(")
        #expect(lines.allSatisfy { $0.count <= SwiftWriter.lineLimit })
        #expect(lines.last == ")")
        #expect(lines.dropFirst(2).dropLast().joined(separator: " ") == items.joined(separator: ", "))
    }

    static func wordByWord(_ text: String, width: Int) -> [String] {
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
