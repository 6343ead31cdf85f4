import GoogleCLIKit
import Testing

@Suite("TerminalText and TextTable escape control characters")
struct TerminalTextTests {
    @Test(
        "C0, DEL, C1 and bidi overrides are escaped visibly",
        arguments: [
            ("a\u{1B}[2Jb", "a\\u{1B}[2Jb"), ("bell\u{07}", "bell\\u{7}"), ("\u{9B}31m", "\\u{9B}31m"),
            ("del\u{7F}", "del\\u{7F}"), ("\u{202E}cod.exe", "\\u{202E}cod.exe"), ("cr\rlf\n", "cr\\u{D}lf\\u{A}"),
            ("nul\u{0}", "nul\\u{0}"),
        ])
    func escapes(input: String, expected: String) {
        #expect(TerminalText.sanitized(input) == expected)
    }

    @Test("Ordinary text, accents, CJK and emoji are unchanged; newlines can be kept")
    func keepsOrdinaryText() {
        for text in ["plain", "Zoë’s café", "日本語", "🎉 launch", "tab\tand\\u{1B} literal"] where !text.contains("\t") {
            #expect(TerminalText.sanitized(text) == text)
        }
        #expect(TerminalText.sanitized("line 1\nline 2\tx\u{1B}", keepingNewlines: true) == "line 1\nline 2\tx\\u{1B}")
    }

    @Test("Table cells and headers are escaped and columns stay aligned")
    func table() {
        var table = TextTable(headers: ["ID", "NAME\u{1B}"])
        table.append(["1", "evil\u{1B}]0;title\u{07}"])
        table.append(["22", "two\nlines"])
        let rendered = table.render()
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(rendered.contains("evil\\u{1B}]0;title\\u{7}"))
        #expect(rendered.contains("two lines"))
        let lines = rendered.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[2].hasPrefix("1   evil"))
    }
}
