import Foundation
import PackagePlugin

// MARK: - GoogleAPICodegenPlugin

/// Build-tool plugin: regenerates a target's API wrappers from a Discovery document on every
/// build where the document (or the generator) changed.
///
/// The target directory holds `google-api-codegen.json`:
///
///     { "discoveryDocument": "../../Specs/drive.v3.json", "moduleName": "GoogleDrive" }
///
/// `discoveryDocument` is relative to that file; `moduleName` (the generated file-name prefix)
/// defaults to the target name; `quotaCosts` (optional, relative too) names a quota cost table
/// whose units the generated methods state; `include` (optional) lists the resources
/// (`"liveBroadcasts"`, `"liveChat.messages"`) and methods (`"videos.list"`) to generate, with
/// only the schemas they reach; `"checkedInSources": true` hands the target to the
/// GenerateGoogleAPISources command plugin instead. Exclude the config from the target's
/// sources in Package.swift. An edit to `include` or `quotaCosts` takes effect on the next
/// build; one to `discoveryDocument` or `moduleName` (which decide the output files) after
/// Package.swift is touched, and the build says so.
@main
struct GoogleAPICodegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configuration = try CodegenConfiguration.load(
            targetDirectory: CodegenConfiguration.directory(of: target), targetName: target.name)
        // Checked-in sources (GenerateGoogleAPISources) are already part of the target.
        guard !configuration.checkedInSources else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        let tool = try context.tool(named: "google-api-codegen-generate")
        return [
            .buildCommand(
                displayName: "Generating \(configuration.moduleName) from \(configuration.document.lastPathComponent)",
                executable: tool.url,
                // `include` and `quotaCosts` are read by the generator from the file itself:
                // SwiftPM asks this plugin for its commands again only when Package.swift
                // changes, so arguments derived from the file here would keep their old values
                // after it is edited, while the file (an input) makes the command run again.
                arguments: [
                    "generate", configuration.document.path,
                    "--output-directory", output.path,
                    "--module-name", configuration.moduleName,
                    "--configuration", configuration.file.path,
                    "--quiet",
                ],
                // The documentation overlay beside the document (`drive.v3.overlay.json`), when there is one.
                inputFiles: [configuration.document, configuration.file] + configuration.overlay
                    + (configuration.quotaCosts.map { [$0] } ?? []),
                outputFiles: try CodegenConfiguration.outputFileNames(
                    moduleName: configuration.moduleName, document: configuration.document
                )
                .map { output.appendingPathComponent($0) }
            )
        ]
    }
}

// MARK: - CodegenConfiguration

/// The target's `google-api-codegen.json`.
struct CodegenConfiguration {
    static let fileName = "google-api-codegen.json"

    var file: URL
    var document: URL
    var moduleName: String
    var checkedInSources: Bool
    /// A quota cost table for the document (`quotaCosts`), if any.
    var quotaCosts: URL?
    /// The resources and methods to generate (`include`); empty for the whole document.
    var include: [String]

    /// The document's documentation overlay, `<name>.overlay.json` beside it, if it exists (the
    /// generator reads it by that name).
    var overlay: [URL] {
        let url = document.deletingLastPathComponent()
            .appendingPathComponent(document.deletingPathExtension().lastPathComponent + ".overlay.json")
        return FileManager.default.fileExists(atPath: url.path) ? [url] : []
    }

    /// The files the generator writes for a document: `GeneratedFileLayout` (the generator's own
    /// source file, linked into this plugin) over the document's schema and resource keys.
    /// An unreadable document yields the service and support files only; the generator then
    /// reports the problem with its line.
    static func outputFileNames(moduleName: String, document: URL) throws -> [String] {
        var schemaKeys: [String] = []
        var resourceKeys: [String] = []
        if let data = FileManager.default.contents(atPath: document.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        {
            schemaKeys = (object["schemas"] as? [String: Any]).map { Array($0.keys) } ?? []
            resourceKeys = (object["resources"] as? [String: Any]).map { Array($0.keys) } ?? []
        }
        return GeneratedFileLayout(moduleName: moduleName, schemaKeys: schemaKeys, resourceKeys: resourceKeys).allFiles
    }

    /// The directory holding the config: the nearest one at or above the target's source files
    /// (tools-version 6.0 plugins have no non-deprecated way to ask for the target directory).
    static func directory(of target: SourceModuleTarget) -> URL {
        let sourceDirectories = Set(target.sourceFiles.map { $0.url.deletingLastPathComponent().standardizedFileURL.path })
        for start in sourceDirectories.sorted(by: { $0.count < $1.count }) {
            var directory = URL(fileURLWithPath: start)
            while directory.path != "/" {
                if FileManager.default.fileExists(atPath: directory.appendingPathComponent(fileName).path) {
                    return directory
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return URL(fileURLWithPath: sourceDirectories.min(by: { $0.count < $1.count }) ?? ".")
    }

    static func load(targetDirectory: URL, targetName: String) throws -> CodegenConfiguration {
        let file = targetDirectory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw PluginError("\(file.path):1: error: target '\(targetName)' uses GoogleAPICodegenPlugin but has no \(fileName)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let document = object["discoveryDocument"] as? String
        else {
            throw PluginError("\(file.path):1: error: expected {\"discoveryDocument\": \"path/to/api.json\"}")
        }
        let documentURL = URL(fileURLWithPath: document, relativeTo: targetDirectory).standardizedFileURL
        let moduleName = object["moduleName"] as? String ?? targetName
        // It prefixes the output file names this plugin declares: an identifier names no other folder.
        guard GeneratedFileLayout.isValidModuleName(moduleName) else {
            throw PluginError(
                "\(file.path):1: error: \"moduleName\" must be a Swift identifier (ASCII letters, digits and _, at most 64 characters)")
        }
        let include = object["include"] ?? [String]()
        guard let include = include as? [String] else {
            throw PluginError(
                "\(file.path):1: error: \"include\" must be a list of resource and method names, like [\"videos\", \"liveChat.messages\"]")
        }
        return CodegenConfiguration(
            file: file,
            document: documentURL,
            moduleName: moduleName,
            checkedInSources: object["checkedInSources"] as? Bool ?? false,
            quotaCosts: (object["quotaCosts"] as? String).map { URL(fileURLWithPath: $0, relativeTo: targetDirectory).standardizedFileURL },
            include: include
        )
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
