import Foundation
import TestSupport

// MARK: - PublicAPIListing

/// A module's public API as sorted text lines, one per declaration (and one per conformance),
/// made from the symbol graph `swift-symbolgraph-extract` writes for the built module.
enum PublicAPIListing {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The package's root folder (this file is `Tests/PublicAPITests/PublicAPIListing.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built modules: `Modules` next to the test bundle (`.build/<triple>/debug/Modules`).
    static let modulesDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("Modules")

    /// The listing of `module`.
    static func extract(module: String) async throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("public-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await ChildProcess.run(
            try extractor(),
            [
                "-module-name", module, "-target", targetTriple,
                "-I", modulesDirectory.path,
                // GoogleHTTP imports libcurl's module, which the module map in Sources/CCurl describes.
                "-I", packageRoot.appendingPathComponent("Sources/CCurl").path,
                "-output-dir", output.path, "-minimum-access-level", "public", "-skip-synthesized-members",
            ])
        guard result.status == 0 else {
            throw Failure(description: "swift-symbolgraph-extract failed for \(module): \(result.standardError)")
        }
        var lines = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) where name.hasSuffix(".symbols.json") {
            lines.formUnion(try self.lines(of: Data(contentsOf: output.appendingPathComponent(name)), module: module))
        }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    /// One line per public symbol (`Path.to.name: declaration`, marked when deprecated) and per
    /// conformance to a protocol of the module or of a public type of the module.
    static func lines(of graph: Data, module: String) throws -> [String] {
        guard let root = try JSONSerialization.jsonObject(with: graph) as? [String: Any],
            let symbols = root["symbols"] as? [[String: Any]],
            let relationships = root["relationships"] as? [[String: Any]]
        else { throw Failure(description: "unexpected symbol graph of \(module)") }
        var names: [String: String] = [:]
        for relationship in relationships {
            if let target = relationship["target"] as? String, let fallback = relationship["targetFallback"] as? String {
                names[target] = fallback
            }
        }
        var lines: [String] = []
        var own = Set<String>()
        for symbol in symbols {
            guard let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
                let path = symbol["pathComponents"] as? [String],
                let fragments = symbol["declarationFragments"] as? [[String: Any]]
            else { continue }
            let name = path.joined(separator: ".")
            names[identifier] = name
            own.insert(identifier)
            let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let availability = symbol["availability"] as? [[String: Any]] ?? []
            let deprecated = availability.contains { $0["isUnconditionallyDeprecated"] as? Bool == true || $0["deprecated"] != nil }
            lines.append("\(name): \(declaration)\(deprecated ? " [deprecated]" : "")")
        }
        // Conformances the compiler implies for every type are noise that differs between toolchains.
        let implied: Set<String> = ["Swift.Escapable", "Swift.Copyable", "Swift.SendableMetatype", "Swift.BitwiseCopyable"]
        for relationship in relationships where relationship["kind"] as? String == "conformsTo" {
            guard let source = relationship["source"] as? String, let target = relationship["target"] as? String,
                own.contains(source) || own.contains(target) || target.contains(module)
            else { continue }
            let protocolName = names[target] ?? target
            guard !implied.contains(protocolName) else { continue }
            lines.append("\(names[source] ?? typeName(usr: source) ?? source) conforms to \(protocolName)")
        }
        return lines
    }

    /// `Swift.Array` for `s:Sa`, `FoundationEssentials.Data` for `s:20FoundationEssentials4DataV`:
    /// the name of another module's type that a conformance names only by its USR (when the
    /// extension declares no public member, the graph has no fallback name for it).
    static func typeName(usr: String) -> String? {
        let standard = [
            "Sa": "Array", "Sb": "Bool", "SD": "Dictionary", "Sd": "Double", "Sf": "Float", "Si": "Int",
            "SS": "String", "Su": "UInt", "Sh": "Set",
        ]
        guard usr.hasPrefix("s:") else { return nil }
        var rest = Substring(usr.dropFirst(2))
        if let name = standard[String(rest)] { return "Swift." + name }
        var components: [String] = []
        if rest.hasPrefix("s") {
            components.append("Swift")
            rest = rest.dropFirst()
        }
        while let digits = Int(rest.prefix(while: \.isNumber)), digits > 0 {
            rest = rest.dropFirst(String(digits).count)
            components.append(String(rest.prefix(digits)))
            rest = rest.dropFirst(digits)
        }
        guard components.count >= 2, rest == "V" || rest == "C" || rest == "O" else { return nil }
        return components.joined(separator: ".")
    }

    /// The lines only in one of the two listings, at most 40 of each.
    static func difference(recorded: String, current: String) -> String {
        let old = Set(recorded.split(separator: "\n"))
        let new = Set(current.split(separator: "\n"))
        let removed = old.subtracting(new).sorted().prefix(40).map { "- \($0)" }
        let added = new.subtracting(old).sorted().prefix(40).map { "+ \($0)" }
        return (removed + added).joined(separator: "\n")
    }

    /// `swift-symbolgraph-extract` from the toolchain: on `PATH`, or next to `swift`.
    static func extractor() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            for name in ["swift-symbolgraph-extract"] {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: swift.path) {
                let sibling = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
                    "swift-symbolgraph-extract")
                if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
            }
        }
        throw Failure(description: "swift-symbolgraph-extract is not on PATH nor next to swift")
    }

    /// The triple the modules were built for: the folder above `debug`/`release` in `.build`.
    static var targetTriple: String {
        modulesDirectory.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
    }
}
