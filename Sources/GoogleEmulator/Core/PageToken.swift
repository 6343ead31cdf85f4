import Foundation
import GoogleBase
import GoogleHTTPTypes

// MARK: - PageToken

/// Opaque page tokens: an offset bound to the list it came from, so a token from one query is
/// rejected by another.
enum PageToken {
    static func make(offset: Int, scope: String) -> String {
        Base64URL.encode(Data("\(offset)|\(scope)".utf8))
    }

    static func offset(from token: String, scope: String) -> Int? {
        guard let data = Base64URL.decode(token), let text = String(data: data, encoding: .utf8),
            let bar = text.firstIndex(of: "|"), let offset = Int(text[..<bar]), offset >= 0,
            text[text.index(after: bar)...] == scope
        else { return nil }
        return offset
    }
}
