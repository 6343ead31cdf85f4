import Foundation

// MARK: - GoogleFieldMaskSyntax

/// Google's partial-response syntax: `a,b(c,d),e/f`, read and edited as text.
enum GoogleFieldMaskSyntax {
    /// The top-level member names of a mask (`a,b(c,d),e/f` → `a`, `b`, `e`).
    static func topLevelMembers(of mask: String) -> Set<String> {
        var members: Set<String> = []
        var depth = 0
        var current = ""
        for character in mask + "," {
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                let name = current.split(separator: "/").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                if !name.isEmpty { members.insert(name) }
                current = ""
            default:
                if depth == 0 { current.append(character) }
            }
        }
        return members
    }

    /// `mask` with `members` in front of it, those it names already (or all, with `*`) left out.
    static func adding(_ members: [String], to mask: String) -> String {
        guard !mask.isEmpty else { return mask }
        let named = topLevelMembers(of: mask)
        let missing = members.filter { !named.contains($0) && !named.contains("*") }
        return (missing + [mask]).joined(separator: ",")
    }

    /// The mask with spaces around its tokens removed, after checking it: names of letters,
    /// digits, `_`, `-`, `.`, `*` and `@`, joined by `/`, separated by `,`, nested in balanced
    /// parentheses that hold at least one member.
    static func canonical(_ text: String) throws(GoogleAPIClientError) -> String {
        func invalid(_ why: String) -> GoogleAPIClientError {
            GoogleAPIClientError(code: .invalidFieldMask, reason: "invalid field mask: \(why)")
        }
        var output = ""
        var depth = 0
        // What the previous token was: a name can follow a separator, `(` follows a name.
        var afterName = false
        var afterSlash = false
        // A space after a name ends it: `a b` is two names without a comma, not `ab`.
        var spaced = false
        for scalar in text.unicodeScalars {
            let wasSpaced = spaced
            spaced = false
            switch scalar {
            case " ", "\t", "\n", "\r":
                spaced = afterName
                continue
            case ",":
                guard afterName else { throw invalid("a member is missing before ','") }
                afterName = false
            case "/":
                guard afterName else { throw invalid("a member is missing before '/'") }
                afterName = false
                afterSlash = true
                output.unicodeScalars.append(scalar)
                continue
            case "(":
                // After a name, not after a selection: `a(b)(c)` is not a mask.
                guard afterName, output.unicodeScalars.last.map(isNameScalar) == true else {
                    throw invalid("'(' must follow a member")
                }
                depth += 1
                afterName = false
            case ")":
                guard depth > 0 else { throw invalid("')' without '('") }
                guard afterName else { throw invalid("a member is missing before ')'") }
                depth -= 1
                afterName = true
                output.unicodeScalars.append(scalar)
                afterSlash = false
                continue
            default:
                guard isNameScalar(scalar) else { throw invalid("'\(scalar.escaped(asASCII: true))' cannot appear in a member name") }
                if afterName, wasSpaced || !(output.unicodeScalars.last.map(isNameScalar) ?? false) {
                    throw invalid("',' is missing between members")
                }
                afterName = true
                afterSlash = false
                output.unicodeScalars.append(scalar)
                continue
            }
            output.unicodeScalars.append(scalar)
            afterSlash = false
        }
        guard depth == 0 else { throw invalid("'(' without ')'") }
        guard !output.isEmpty else { throw invalid("no members") }
        guard afterName, !afterSlash else { throw invalid("the mask ends after a separator") }
        return output
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "*", "@": true
        default: false
        }
    }
}
