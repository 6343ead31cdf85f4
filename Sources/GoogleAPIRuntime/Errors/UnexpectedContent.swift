import Foundation
import GoogleHTTP

// MARK: - UnexpectedContent

/// Names what came back when JSON was expected and something else arrived, typically an HTML
/// page from a proxy or a captive portal (a hotel's or a café's sign-in page answering every
/// request), which a JSON parser would only call a syntax error at byte 0.
enum UnexpectedContent {
    /// A sentence about a body that is not JSON, or `nil` when it may well be JSON (then the
    /// decoder's own error says what is wrong with it).
    static func describe(headers: GoogleHTTPHeaders, body: Data) -> String? {
        let contentType = headers["Content-Type"].map { String($0.prefix(100)) }
        let looksHTML = contentType?.lowercased().contains("html") ?? false || startsLikeHTML(body)
        if let contentType, contentType.lowercased().contains("json"), !looksHTML { return nil }
        guard contentType != nil || looksHTML else { return nil }
        var text = "expected JSON but the server sent \(looksHTML ? "an HTML page" : "something else")"
        text += " (Content-Type: \(contentType ?? "none"), \(body.count) bytes)"
        if looksHTML { text += "; a proxy or captive portal?" }
        return text
    }

    /// Whether the body's first non-blank character opens a tag (`<!DOCTYPE html>`, `<html>`).
    private static func startsLikeHTML(_ body: Data) -> Bool {
        let first = body.prefix(512).first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "<")
    }
}
