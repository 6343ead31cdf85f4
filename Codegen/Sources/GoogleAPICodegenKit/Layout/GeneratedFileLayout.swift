// MARK: - GeneratedFileLayout

// This file is compiled twice: into GoogleAPICodegenKit and (through a symlink) into the
// GoogleAPICodegenPlugin build-tool plugin, which must name every output file before the
// generator runs. It therefore uses the standard library only and reads nothing but the
// document's schema and resource keys.

/// Which generated file holds what, computed from a Discovery document's keys alone:
///
/// - `<Module>+Service.swift`: the service type, its scopes and methods on the service itself;
/// - `<Module>+<Name>Resource.swift`: one per top-level resource (`files` → `+FilesResource`);
/// - `<Module>+<Name>.swift`: one per schema group — a schema and every schema whose key
///   extends its key at a word boundary (`LiveBroadcast` holds `LiveBroadcastSnippet`,
///   `LiveBroadcastListResponse`, …), so a type is found by the name of its file;
/// - `<Module>+Support.swift`: internal helpers.
///
/// Names are unique ignoring case (case-insensitive file systems); clashes get `2`, `3`, … in
/// sorted key order.
struct GeneratedFileLayout: Equatable {
    var serviceFile: String
    var supportFile: String
    /// Top-level resource key → file name.
    var resourceFiles: [String: String]
    /// Schema key → file name of its group.
    var schemaFiles: [String: String]

    /// - Parameters:
    ///   - moduleName: The file-name prefix.
    ///   - schemaKeys: Keys of the document's `schemas`.
    ///   - resourceKeys: Keys of the document's top-level `resources`.
    init(moduleName: String, schemaKeys: [String], resourceKeys: [String]) {
        serviceFile = "\(moduleName)+Service.swift"
        supportFile = "\(moduleName)+Support.swift"
        var used: Set<String> = ["service", "support"]
        func claim(_ stem: String) -> String {
            var name = stem
            var counter = 2
            while used.contains(name.lowercased()) {
                name = "\(stem)\(counter)"
                counter += 1
            }
            used.insert(name.lowercased())
            return "\(moduleName)+\(name).swift"
        }
        var resourceFiles: [String: String] = [:]
        for key in resourceKeys.sorted() {
            resourceFiles[key] = claim(Self.stem(key) + "Resource")
        }
        let sortedSchemas = schemaKeys.sorted()
        let keySet = Set(schemaKeys)
        var groupFiles: [String: String] = [:]
        var schemaFiles: [String: String] = [:]
        for key in sortedSchemas {
            let root = Self.groupRoot(of: key, among: keySet)
            if let file = groupFiles[root] {
                schemaFiles[key] = file
            } else {
                let file = claim(Self.stem(root))
                groupFiles[root] = file
                schemaFiles[key] = file
            }
        }
        self.resourceFiles = resourceFiles
        self.schemaFiles = schemaFiles
    }

    /// Every file, in the order the generator writes them.
    var allFiles: [String] {
        var seen: Set<String> = []
        var result = [serviceFile]
        for key in resourceFiles.keys.sorted() { if let file = resourceFiles[key], seen.insert(file).inserted { result.append(file) } }
        for key in schemaFiles.keys.sorted() { if let file = schemaFiles[key], seen.insert(file).inserted { result.append(file) } }
        result.append(supportFile)
        return result
    }

    /// The shortest key that `key` extends at a word boundary (an upper-case letter or digit
    /// follows it), or `key` itself. The shortest such key has no root of its own, so groups
    /// never chain.
    static func groupRoot(of key: String, among keys: Set<String>) -> String {
        let bytes = Array(key.utf8)
        for end in bytes.indices.dropFirst() {
            let next = bytes[end]
            guard (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")) else { continue }
            let prefix = String(decoding: bytes[..<end], as: UTF8.self)
            if keys.contains(prefix) { return prefix }
        }
        return key
    }

    /// A file-name stem: ASCII letters and digits, words capitalised (`youtube#video` → `YoutubeVideo`).
    static func stem(_ key: String) -> String {
        var result = ""
        var startOfWord = true
        for scalar in key.unicodeScalars {
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            let isDigit = scalar >= "0" && scalar <= "9"
            guard isLetter || isDigit else { startOfWord = true; continue }
            result += startOfWord ? String(scalar).uppercased() : String(scalar)
            startOfWord = false
        }
        return result.isEmpty ? "Value" : result
    }
}
