import Foundation
import PackagePlugin

// MARK: - GenerateGoogleAPISources

/// Command plugin for checked-in sources: for each target whose `google-api-codegen.json` says
/// `"checkedInSources": true` (optionally only those named with `--target`), writes the
/// generated wrappers into `<target>/Generated/` in the package.
///
///     swift package --allow-writing-to-package-directory generate-google-api-sources [--target NAME]...
///
/// The build-tool plugin skips such targets, so the declarations are never compiled twice.
@main
struct GenerateGoogleAPISources: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "google-api-codegen-generate")
        var generated = 0
        for target in context.package.targets {
            guard let target = target as? SourceModuleTarget,
                requested.isEmpty || requested.contains(target.name)
            else { continue }
            let directory = Self.directory(of: target)
            let config = directory.appendingPathComponent("google-api-codegen.json")
            guard FileManager.default.fileExists(atPath: config.path) else {
                if requested.contains(target.name) {
                    Diagnostics.error("\(config.path):1: error: target '\(target.name)' has no google-api-codegen.json")
                }
                continue
            }
            let (document, moduleName, checkedIn, include) = try Self.readConfiguration(config, targetName: target.name)
            guard checkedIn else {
                if requested.contains(target.name) {
                    Diagnostics.warning(
                        "\(config.path):1: warning: '\(target.name)' is generated at build time; set \"checkedInSources\": true to check sources in"
                    )
                }
                continue
            }
            let output = directory.appendingPathComponent("Generated")
            let process = Process()
            process.executableURL = tool.url
            process.arguments =
                ["generate", document.path, "--output-directory", output.path, "--module-name", moduleName]
                + include.flatMap { ["--include", $0] }
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Diagnostics.error("google-api-codegen failed for target '\(target.name)'")
                continue
            }
            generated += 1
        }
        print("generated sources for \(generated) target(s)")
    }

    /// The nearest directory at or above the target's sources holding the config (falls back to
    /// the shallowest source directory).
    static func directory(of target: SourceModuleTarget) -> URL {
        let sourceDirectories = Set(target.sourceFiles.map { $0.url.deletingLastPathComponent().standardizedFileURL.path })
        for start in sourceDirectories.sorted(by: { $0.count < $1.count }) {
            var directory = URL(fileURLWithPath: start)
            while directory.path != "/" {
                if FileManager.default.fileExists(atPath: directory.appendingPathComponent("google-api-codegen.json").path) {
                    return directory
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        return URL(fileURLWithPath: sourceDirectories.min(by: { $0.count < $1.count }) ?? ".")
    }

    /// The document, module name, `checkedInSources` and `include` (resources and methods to
    /// generate; empty for all) of a `google-api-codegen.json`.
    static func readConfiguration(_ file: URL, targetName: String) throws -> (URL, String, Bool, [String]) {
        guard let data = FileManager.default.contents(atPath: file.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let document = object["discoveryDocument"] as? String
        else {
            throw CommandError("\(file.path):1: error: expected {\"discoveryDocument\": \"path/to/api.json\"}")
        }
        guard let include = (object["include"] ?? [String]()) as? [String] else {
            throw CommandError("\(file.path):1: error: \"include\" must be a list of resource and method names")
        }
        let directory = file.deletingLastPathComponent()
        return (
            URL(fileURLWithPath: document, relativeTo: directory).standardizedFileURL,
            object["moduleName"] as? String ?? targetName,
            object["checkedInSources"] as? Bool ?? false,
            include
        )
    }
}

struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
