import Foundation

// MARK: - CodegenTargetConfiguration

/// A target's `google-api-codegen.json` as the generator reads it when it runs
/// (`--configuration FILE`): the members that change what is generated without changing which
/// files are (`include`, `quotaCosts`).
///
/// SwiftPM asks a build-tool plugin for its commands again only when the package's manifest
/// changes, so arguments the plugin derived from the file keep their old values after the file
/// is edited; the file itself is an input of the command, which reruns the generator, and the
/// generator reads it afresh. `discoveryDocument` and `moduleName` decide the output files the
/// plugin declared: a change to them is reported with the remedy rather than generated into
/// files SwiftPM does not expect.
public struct CodegenTargetConfiguration: Sendable, Equatable {
    /// The file read.
    public var path: String
    /// `discoveryDocument`, resolved against the file's folder.
    public var document: String
    /// `moduleName`, when the file names one (the plugin defaults it to the target's name).
    public var moduleName: String?
    /// `include`: the resources and methods to generate; empty for all.
    public var include: [String]
    /// `quotaCosts`, resolved against the file's folder.
    public var quotaCosts: String?

    /// A file that cannot be used, as a `FILE:1: error: …` diagnostic.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Reads and checks `path`.
    /// - Throws: ``Failure`` for a missing or malformed file.
    public static func read(_ path: String) throws(Failure) -> CodegenTargetConfiguration {
        func failure(_ message: String) -> Failure {
            Failure(description: "\(path):1: error: \(message)")
        }
        // A configuration is a few hundred bytes; a megabyte is not one.
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20 else {
            throw failure("cannot read the configuration (or it is larger than 1 MiB)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let document = object["discoveryDocument"] as? String
        else {
            throw failure("expected {\"discoveryDocument\": \"path/to/api.json\"}")
        }
        let include = object["include"] ?? [String]()
        guard let include = include as? [String] else {
            throw failure("\"include\" must be a list of resource and method names, like [\"videos\", \"liveChat.messages\"]")
        }
        let moduleName = object["moduleName"]
        guard moduleName == nil || moduleName is String else { throw failure("\"moduleName\" must be a string") }
        let quotaCosts = object["quotaCosts"]
        guard quotaCosts == nil || quotaCosts is String else { throw failure("\"quotaCosts\" must be a path, relative to this file") }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func resolve(_ relative: String) -> String {
            URL(fileURLWithPath: relative, relativeTo: folder).standardizedFileURL.path
        }
        return CodegenTargetConfiguration(
            path: path, document: resolve(document), moduleName: moduleName as? String, include: include,
            quotaCosts: (quotaCosts as? String).map(resolve))
    }

    /// Checks that the file still names the document and module the build was planned for.
    /// - Throws: ``Failure`` saying what changed and how to have SwiftPM plan again.
    public func check(document planned: String, moduleName plannedModule: String?) throws(Failure) {
        let remedy = "SwiftPM plans a plugin's outputs again only when Package.swift changes: touch Package.swift and build again"
        if URL(fileURLWithPath: planned).standardizedFileURL.path != document {
            throw Failure(
                description: "\(path):1: error: \"discoveryDocument\" changed since this build was planned (it was \(planned)); \(remedy)")
        }
        if let moduleName, let plannedModule, moduleName != plannedModule {
            throw Failure(
                description: "\(path):1: error: \"moduleName\" changed since this build was planned (it was \(plannedModule)); \(remedy)")
        }
    }
}
