// MARK: - GeneratedFileLayout

// This file is compiled twice: into GoogleAPICodegenKit and (through a symlink) into the
// GoogleAPICodegenPlugin build-tool plugin, which must name every output file before the
// generator runs. It therefore uses the standard library only and reads nothing but the
// document's schema and resource keys.

/// Which generated file holds what, computed from a Discovery document's keys alone:
///
/// - `<Module>+Service.swift`: the service type, its scopes and methods on the service itself;
/// - `<Module>+Resources<L>.swift`: the top-level resources whose name starts with `L`
///   (`files` → `+ResourcesF`), with everything nested in them;
/// - `<Module>+Schemas<L>.swift`: the schemas whose name starts with `L` (`File`, `FileList`
///   → `+SchemasF`), with their nested types;
/// - `<Module>+Support.swift`: internal helpers.
///
/// At most 36 files of each kind, whatever the size of the API: a file per schema or resource
/// (485 files for compute v1) made every compiler job that type-checks some of them parse and
/// resolve all the others, which took five times as long as the type-checking itself. The first
/// letter keeps a type easy to find and the layout stable as an API grows.
struct GeneratedFileLayout: Equatable {
    var serviceFile: String
    var supportFile: String
    /// Top-level resource key → file name.
    var resourceFiles: [String: String]
    /// Schema key → file name.
    var schemaFiles: [String: String]

    /// - Parameters:
    ///   - moduleName: The file-name prefix.
    ///   - schemaKeys: Keys of the document's `schemas`.
    ///   - resourceKeys: Keys of the document's top-level `resources`.
    init(moduleName: String, schemaKeys: [String], resourceKeys: [String]) {
        serviceFile = "\(moduleName)+Service.swift"
        supportFile = "\(moduleName)+Support.swift"
        var resourceFiles: [String: String] = [:]
        for key in resourceKeys {
            resourceFiles[key] = "\(moduleName)+Resources\(Self.bucket(key)).swift"
        }
        var schemaFiles: [String: String] = [:]
        for key in schemaKeys {
            schemaFiles[key] = "\(moduleName)+Schemas\(Self.bucket(key)).swift"
        }
        self.resourceFiles = resourceFiles
        self.schemaFiles = schemaFiles
    }

    /// Every file, in the order the generator writes them.
    var allFiles: [String] {
        [serviceFile] + Set(resourceFiles.values).sorted() + Set(schemaFiles.values).sorted() + [supportFile]
    }

    /// The bucket of a key: the first character of its file-name stem, an upper-case ASCII
    /// letter or a digit (`youtube#video` → `Y`, `1p` → `1`).
    static func bucket(_ key: String) -> String {
        String(stem(key).prefix(1))
    }

    /// A file-name stem: ASCII letters and digits, words capitalised (`youtube#video` → `YoutubeVideo`).
    static func stem(_ key: String) -> String {
        var result = ""
        var startOfWord = true
        for scalar in key.unicodeScalars {
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            let isDigit = scalar >= "0" && scalar <= "9"
            guard isLetter || isDigit else {
                startOfWord = true
                continue
            }
            result += startOfWord ? String(scalar).uppercased() : String(scalar)
            startOfWord = false
        }
        return result.isEmpty ? "Value" : shortened(result)
    }

    // MARK: - Length limits

    /// Longest identifier or file-name stem the generator emits (file names stay far below
    /// the usual 255-byte limit with the module prefix, a counter and `.swift`).
    static let maximumNameLength = 80

    /// `name` itself when short enough, else its first 63 bytes, `_` and 16 hex digits of the
    /// FNV-1a hash of the whole name: deterministic, and distinct names stay distinct in all
    /// but astronomically unlikely cases (the callers' name scopes catch even those). `name`
    /// must be ASCII (identifiers and stems are).
    static func shortened(_ name: String) -> String {
        guard name.utf8.count > maximumNameLength else { return name }
        let head = String(decoding: name.utf8.prefix(maximumNameLength - 17), as: UTF8.self)
        return head + "_" + hexHash(name)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 lower-case hex digits.
    static func hexHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    // MARK: - Module names

    /// Whether `name` can be a module name and a file-name prefix: a Swift identifier of
    /// ASCII letters, digits and `_`, not starting with a digit, at most 64 characters. Path
    /// separators, `..` and the like are thereby impossible.
    static func isValidModuleName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64 else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || byte == UInt8(ascii: "_")
        }
        guard isLetter(first), name != "_" else { return false }
        return bytes.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }
}
