import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleDrive

// MARK: - ExportCommand

/// `files export`: a Google Doc, Sheet or Slides deck as PDF, DOCX, XLSX, CSV, …, whatever its size.
enum ExportCommand {
    /// Friendly format names and the MIME types Drive exports to.
    static let formats: [(name: String, mimeType: String)] = [
        ("pdf", "application/pdf"),
        ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
        ("odt", "application/vnd.oasis.opendocument.text"),
        ("ods", "application/vnd.oasis.opendocument.spreadsheet"),
        ("odp", "application/vnd.oasis.opendocument.presentation"),
        ("rtf", "application/rtf"),
        ("txt", "text/plain"),
        ("md", "text/markdown"),
        ("html", "text/html"),
        ("zip", "application/zip"),
        ("epub", "application/epub+zip"),
        ("csv", "text/csv"),
        ("tsv", "text/tab-separated-values"),
        ("png", "image/png"),
        ("jpg", "image/jpeg"),
        ("svg", "image/svg+xml"),
    ]

    /// The MIME type for `--format`: a friendly name, or a MIME type as it is.
    static func mimeType(forFormat format: String) -> String? {
        if format.contains("/") { return format }
        return formats.first { $0.name == format.lowercased() }?.mimeType
    }

    static let export = Command(
        "files export", summary: "Export a Google Doc, Sheet or Slides deck, past files.export's 10 MB limit too.",
        arguments: "FILE_ID",
        options: [
            OptionSpecification(
                "format", value: "FORMAT",
                help: "\(formats.map(\.name).joined(separator: "|")), or a MIME type (default: pdf)."),
            OptionSpecification("output", value: "PATH", help: "Where to write the export (required)."),
        ]
    ) { arguments in
        let context = try DriveTool.context(arguments)
        let id = try arguments.positional(0, named: "FILE_ID")
        guard let output = arguments.value("output") else { throw CommandLineError.usage("--output PATH is required") }
        let format = arguments.value("format") ?? "pdf"
        guard let mimeType = mimeType(forFormat: format) else {
            throw CommandLineError.usage("unknown --format \(format): use \(formats.map(\.name).joined(separator: ", ")) or a MIME type")
        }
        let destination = URL(fileURLWithPath: output)
        let drive = try DriveTool.service(context)
        let progress = ProgressReporter(label: "Exporting")
        let received = ByteCounter()
        defer { progress.finish() }
        let route = try await context.reportingErrors {
            try await drive.exportContent(fileID: id, mimeType: mimeType, to: destination) {
                received.set($0.completedBytes)
                progress.update(completed: $0.completedBytes, total: $0.totalBytes)
            }
        }
        progress.finish()
        if route == .exportLink {
            standardError("The export is over files.export's 10 MB limit; downloaded it through the file's export link.")
        }
        standardError("Saved \(received.value) bytes (\(mimeType)) to \(destination.path)")
    }
}
