import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleDrive

// MARK: - FileCommands

/// `files list`, `files get`, `files download`, `files export`, `files upload`.
enum FileCommands {
    static let commands = [list, get, download, ExportCommand.export, upload]

    // MARK: - list

    static let list = Command(
        "files list", summary: "List files, following every page.",
        options: [
            OptionSpecification("query", value: "Q", help: "A Drive search query, e.g. \"name contains 'report'\"."),
            OptionSpecification("max", value: "N", help: "Stop after N files."),
            OptionSpecification("drive", value: "DRIVE_ID", help: "List one shared drive's files (see `drives list`)."),
        ]
    ) { arguments in
        let context = try DriveTool.context(arguments)
        let limit = try arguments.positiveInteger("max")
        let query = arguments.value("query") ?? "trashed = false"
        let driveID = arguments.value("drive")
        let drive = try DriveTool.service(context)
        let files: [Drive.File] = try await context.reportingErrors {
            // Shared drives' files are included by default; --drive narrows to one drive.
            let pages: APIPageSequence<Drive.FileList> = drive.files.listPages(
                .init(corpora: driveID == nil ? nil : "drive", driveId: driveID, pageSize: Int32(min(limit ?? 100, 100)), q: query),
                fields: [.nextPageToken, .files(DriveTool.fileFields)])
            return try await pages.collect(limit: limit)
        }
        try ListingOutput.print(
            files, json: context.environment.wantsJSON, noun: "file",
            headers: ["ID", "SIZE", "MODIFIED", "MIME TYPE", "NAME"]
        ) { file in
            [
                file.id ?? "",
                file.size.map { String($0) } ?? "-",
                file.modifiedTime.map { ISO8601DateFormatter().string(from: $0) } ?? "",
                file.mimeType ?? "",
                file.name ?? "",
            ]
        }
    }

    // MARK: - get

    static let get = Command("files get", summary: "Show one file's metadata.", arguments: "FILE_ID") { arguments in
        let context = try DriveTool.context(arguments)
        let id = try arguments.positional(0, named: "FILE_ID")
        let drive = try DriveTool.service(context)
        let file = try await context.reportingErrors {
            try await drive.files.get(fileId: id, fields: GoogleFieldMask(DriveTool.fileFields))
        }
        if context.environment.wantsJSON {
            try JSONOutput.print(file)
            return
        }
        TerminalText.print("ID:        \(file.id ?? "")")
        TerminalText.print("Name:      \(file.name ?? "")")
        TerminalText.print("MIME type: \(file.mimeType ?? "")")
        TerminalText.print("Size:      \(file.size.map { "\($0) bytes" } ?? "-")")
        TerminalText.print("Modified:  \(file.modifiedTime.map { ISO8601DateFormatter().string(from: $0) } ?? "")")
        TerminalText.print("Parents:   \((file.parents ?? []).joined(separator: ", "))")
        TerminalText.print("Owners:    \((file.owners ?? []).compactMap { $0.emailAddress ?? $0.displayName }.joined(separator: ", "))")
        if let md5 = file.md5Checksum { TerminalText.print("MD5:       \(md5)") }
    }

    // MARK: - download

    static let download = Command(
        "files download", summary: "Download a file's content (Google Docs are exported).", arguments: "FILE_ID",
        options: [
            OptionSpecification("output", value: "PATH", help: "Where to write the file (required)."),
            OptionSpecification("export-type", value: "MIME", help: "Export format for Google Docs (default: application/pdf)."),
            OptionSpecification("resume", help: "Continue the interrupted download kept in PATH.partial (done by default when it exists)."),
        ]
    ) { arguments in
        let context = try DriveTool.context(arguments)
        let id = try arguments.positional(0, named: "FILE_ID")
        guard let output = arguments.value("output") else {
            throw CommandLineError.usage("--output PATH is required")
        }
        let destination = URL(fileURLWithPath: output)
        // Bytes wait here until they are whole and checked; only then do they replace PATH.
        let partial = GoogleServiceClient.partialDownloadURL(for: destination)
        let partialBytes = (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.int64Value
        if arguments.flag("resume"), partialBytes == nil {
            throw CommandLineError.failure("no interrupted download of \(destination.path) to resume (looked for \(partial.path))")
        }
        let drive = try DriveTool.service(context)
        let progress = ProgressReporter(label: "Downloading")
        let received = ByteCounter()
        defer { progress.finish() }
        do {
            try await context.reportingErrors {
                // The metadata names the size and MD5 the downloaded bytes are checked against.
                let file = try await drive.files.get(fileId: id, fields: GoogleFieldMask(DriveTool.fileFields))
                let report: @Sendable (MediaProgress) -> Void = {
                    received.set($0.completedBytes)
                    progress.update(completed: $0.completedBytes, total: $0.totalBytes)
                }
                if let mimeType = file.mimeType, mimeType.hasPrefix("application/vnd.google-apps.") {
                    // Exports have no size or MD5 to prove a continued file whole: always from the start.
                    let exportType = arguments.value("export-type") ?? "application/pdf"
                    try await drive.files.exportMedia(.init(fileId: id, mimeType: exportType), to: destination, progress: report)
                } else {
                    if let partialBytes, partialBytes > 0, file.md5Checksum != nil {
                        standardError("Continuing the interrupted download from byte \(partialBytes) (\(partial.path))")
                    }
                    try await drive.downloadContent(of: file, to: destination, keepingPartial: true, progress: report)
                }
            }
        } catch let error as CommandLineError {
            progress.finish()
            // Without following a link: a symbolic link (or FIFO…) planted at the partial path was
            // refused, and running again would only be refused again.
            guard let type = try? FileManager.default.attributesOfItem(atPath: partial.path)[.type] as? FileAttributeType else {
                throw error
            }
            let note =
                type == .typeRegular
                ? "The partial download is kept in \(partial.path); run the same command again to continue it."
                : "\(partial.path) is not a regular file (a symbolic link, FIFO or folder), so it was not used; "
                    + "remove it, then run the same command again."
            switch error {
            case .failure(let message): throw CommandLineError.failure("\(message)\n\(note)")
            default: throw error
            }
        }
        progress.finish()
        standardError("Saved \(received.value) bytes to \(destination.path)")
    }

    // MARK: - upload

    static let upload = Command(
        "files upload", summary: "Upload a file (resumable, with progress; --resume continues an interrupted one).",
        arguments: "PATH",
        options: [
            OptionSpecification("name", value: "NAME", help: "Name in Drive (default: the file's name)."),
            OptionSpecification("parent", value: "FOLDER_ID", help: "Folder to upload into."),
            OptionSpecification("mime-type", value: "MIME", help: "Content type (default: application/octet-stream)."),
            OptionSpecification("resume", help: "Continue the interrupted upload of PATH from where the server stopped."),
            OptionSpecification(
                "chunk-size", value: "BYTES", help: "Bytes per request, rounded down to a multiple of 256 KiB (default 8 MiB)."),
        ]
    ) { arguments in
        let context = try DriveTool.context(arguments)
        let path = try arguments.positional(0, named: "PATH")
        let source = URL(fileURLWithPath: path)
        guard FileManager.default.isReadableFile(atPath: source.path) else {
            throw CommandLineError.failure("cannot read \(source.path)")
        }
        let resuming = arguments.flag("resume")
        if resuming, arguments.value("name") != nil || arguments.value("parent") != nil || arguments.value("mime-type") != nil {
            throw CommandLineError.usage("--name, --parent and --mime-type were sent when the upload started; --resume takes none of them")
        }
        let chunkSize = try arguments.positiveInteger("chunk-size") ?? (8 << 20)
        // The session lives next to the token store; it is written at every checkpoint.
        let saved = FileUploadSessionStore(directory: context.environment.tokenStoreFile.deletingLastPathComponent(), source: source)
        var session: ResumableUploadSession?
        if resuming {
            session = try await context.reportingErrors { try await saved.load() }
            guard session != nil else {
                throw CommandLineError.failure("no interrupted upload of \(source.path) to resume (looked for \(saved.fileURL.path))")
            }
        }
        var metadata = Drive.File()
        metadata.name = arguments.value("name") ?? source.lastPathComponent
        if let parent = arguments.value("parent") { metadata.parents = [parent] }
        // Size and MD5 in the answer let the runtime check the stored bytes against the file.
        let drive = try DriveTool.service(context)
        let progress = ProgressReporter(label: resuming ? "Resuming" : "Uploading")
        // A saved session that cannot be resumed (expired at Drive, or the file changed) is
        // replaced by a new upload from byte 0; the metadata goes with the new session, so it is
        // passed when resuming too (the name is then the file's: --name is not taken with --resume).
        let media = MediaUpload.resumable(
            file: source, contentType: session?.contentType ?? arguments.value("mime-type") ?? "application/octet-stream",
            resuming: session, chunkSize: chunkSize,
            restartingStaleSession: { reason in
                standardError("The saved upload session cannot be resumed: \(reason). Starting the upload over from byte 0.")
            },
            sessionDidChange: { try await saved.save($0) },
            progress: { progress.update(completed: $0.completedBytes, total: $0.totalBytes) })
        let created: Drive.File
        do {
            created = try await context.reportingErrors {
                try await drive.files.create(body: metadata, media: media, fields: GoogleFieldMask(DriveTool.fileFields))
            }
        } catch CommandLineError.failure(let message) where FileManager.default.fileExists(atPath: saved.fileURL.path) {
            progress.finish()
            throw CommandLineError.failure("\(message)\nThe upload can continue where it stopped: `drive files upload \(path) --resume`.")
        }
        progress.finish()
        try await context.reportingErrors { try await saved.delete() }
        if context.environment.wantsJSON {
            try JSONOutput.print(created)
        } else {
            TerminalText.print("Uploaded \(created.name ?? "") as \(created.id ?? "?")")
        }
    }
}
