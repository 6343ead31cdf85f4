import Foundation
import GoogleBase
import GoogleJSON

// MARK: - YouTubeParts

/// Shared pieces of YouTube resources.
enum YouTubeParts {
    /// Parses `part` (comma-separated); `nil` when an unknown part is named.
    static func parse(_ text: String?, allowed: Set<String>) -> Set<String>? {
        guard let text else { return nil }
        let parts = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        guard !parts.isEmpty, parts.isSubset(of: allowed) else { return nil }
        return parts
    }

    /// A stable etag for a resource state.
    static func etag(_ components: String...) -> String {
        var digest = ContentMD5()
        digest.update(Data(components.joined(separator: "|").utf8))
        return String(digest.finalizeHex().prefix(27))
    }

    static func thumbnails(for videoID: String) -> JSONValue {
        .members([
            (
                "default",
                .members([
                    ("url", .string("https://i.ytimg.com/vi/\(videoID)/default_live.jpg")), ("width", .integer(120)),
                    ("height", .integer(90)),
                ])
            ),
            (
                "medium",
                .members([
                    ("url", .string("https://i.ytimg.com/vi/\(videoID)/mqdefault_live.jpg")), ("width", .integer(320)),
                    ("height", .integer(180)),
                ])
            ),
            (
                "high",
                .members([
                    ("url", .string("https://i.ytimg.com/vi/\(videoID)/hqdefault_live.jpg")), ("width", .integer(480)),
                    ("height", .integer(360)),
                ])
            ),
        ])
    }
}
