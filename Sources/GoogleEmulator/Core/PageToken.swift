import Foundation

// MARK: - PageToken

/// Opaque page tokens: an offset bound to the list it came from, so a token from one query is
/// rejected by another.
enum PageToken {
    static func make(offset: Int, scope: String) -> String {
        Data("\(offset)|\(scope)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func offset(from token: String, scope: String) -> Int? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
            let bar = text.firstIndex(of: "|"), let offset = Int(text[..<bar]), offset >= 0,
            text[text.index(after: bar)...] == scope
        else { return nil }
        return offset
    }
}
