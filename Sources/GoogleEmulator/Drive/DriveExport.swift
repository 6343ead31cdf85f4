import Foundation

// MARK: - DriveExport

/// Export formats per Docs Editors type, and rendering of a document's text into them.
enum DriveExport {
    /// Where `exportLinks` point: a download of the export without files.export's size limit.
    static let linkPath = "/emulator/drive/export-links"
    /// files.export's limit on an exported document (Google: 10 MB).
    static let sizeLimit = 10 * 1024 * 1024

    static let formats: [String: [String]] = [
        "application/vnd.google-apps.document": ["text/plain", "text/html", "text/markdown", "application/pdf"],
        "application/vnd.google-apps.spreadsheet": ["text/csv", "text/tab-separated-values", "application/pdf"],
        "application/vnd.google-apps.presentation": ["text/plain", "application/pdf"],
        "application/vnd.google-apps.drawing": ["application/pdf"],
    ]

    static func render(_ text: String, title: String, as mimeType: String) -> Data? {
        switch mimeType {
        case "text/plain", "text/markdown", "text/csv":
            // Google prefixes plain-text exports with a byte order mark.
            return Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8)
        case "text/tab-separated-values":
            return Data(text.replacingOccurrences(of: ",", with: "\t").utf8)
        case "text/html":
            let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            let paragraphs = escaped.split(separator: "\n", omittingEmptySubsequences: false).map { "<p>\($0)</p>" }.joined()
            return Data(
                "<html><head><meta content=\"text/html; charset=UTF-8\"><title>\(title)</title></head><body>\(paragraphs)</body></html>"
                    .utf8)
        case "application/pdf":
            return PDFRenderer.render(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        default:
            return nil
        }
    }
}
