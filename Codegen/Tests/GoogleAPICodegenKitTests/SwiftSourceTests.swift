import Testing

@testable import GoogleAPICodegenKit

// MARK: - SwiftSourceTests

/// `SwiftSource` works on UTF-8 bytes for speed; these tests hold it to the scalar-by-scalar
/// definition (`ScalarReference`, the rules written out one scalar at a time) on text made of
/// every kind of scalar the rules distinguish, and check a few cases by hand.
@Suite struct SwiftSourceTests {
    /// Pieces that exercise each branch: every line break (CRLF and CR CR LF too), controls,
    /// C1 controls, bidirectional and zero-width formats, private use, unassigned, 2-, 3- and
    /// 4-byte scalars, backslash and quote, tab and trailing spaces.
    static let pieces = [
        "a", "Z", " ", "  ", "\t", "\n", "\r", "\r\n", "\r\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
        "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}",
        "\u{E000}", "\u{10FFFD}", "\u{0378}", "😀", "ह", "\u{FFFD}", "\\", "\"", "*/", "///", "\u{C2}", "\u{E2}\u{80}",
    ]

    @Test("Byte-level lines, comment text and literals equal the scalar-by-scalar rules on random text")
    func matchesScalarReference() {
        var state: UInt64 = 0x5357_4946_5453_5243
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var checked = 0
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<next(12) { text += Self.pieces[next(Self.pieces.count)] }
            #expect(SwiftSource.lines(text) == ScalarReference.lines(text), "\(Array(text.unicodeScalars))")
            #expect(SwiftSource.commentText(text) == ScalarReference.commentText(text), "\(Array(text.unicodeScalars))")
            #expect(SwiftSource.stringLiteral(text) == ScalarReference.stringLiteral(text), "\(Array(text.unicodeScalars))")
            checked += 1
        }
        #expect(checked == 4000)
    }

    @Test("Hand-checked cases")
    func examples() {
        #expect(SwiftSource.lines("a\r\nb\rc\nd\u{2028}e\u{85}f") == ["a", "b", "c", "d", "e", "f"])
        #expect(SwiftSource.lines("") == [""])
        #expect(SwiftSource.lines("plain") == ["plain"])
        #expect(SwiftSource.lines("x\n") == ["x", ""])
        #expect(SwiftSource.commentText("a\u{202E}b\u{0}c\nd  \t") == "a\u{FFFD}b\u{FFFD}c d")
        #expect(SwiftSource.commentText("caf\u{E9} \u{1F600} ok ") == "caf\u{E9} \u{1F600} ok")
        #expect(SwiftSource.stringLiteral("a\"b\\c\n\u{2028}\u{0}é") == #""a\"b\\c\n\u{2028}\u{0}é""#)
    }
}

// MARK: - ScalarReference

/// The rules of `SwiftSource`, one scalar at a time (how it was first written).
private enum ScalarReference {
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
            if SwiftSource.isLineBreak(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    static func commentText(_ line: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if SwiftSource.isLineBreak(scalar) {
                result.append(" ")
            } else if scalar == "\t" || !SwiftSource.isHazardous(scalar) {
                result.append(scalar)
            } else {
                result.append("\u{FFFD}")
            }
        }
        var text = String(result)
        while let last = text.unicodeScalars.last, last == " " || last == "\t" { text.unicodeScalars.removeLast() }
        return text
    }

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
                if SwiftSource.isLineBreak(scalar) || SwiftSource.isHazardous(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
