import Foundation

// MARK: - CodegenCommandLine

/// The `google-api-codegen` command line, parsed by hand (the package has no dependencies).
public struct CodegenCommandLine: Sendable, Equatable {
    public var documents: [String]
    public var outputDirectory: String
    public var moduleName: String?
    /// A quota cost table (``QuotaCostTable``) for the single document.
    public var quotaCosts: String? = nil
    public var quiet: Bool
    /// `--include NAME` (repeatable): generate only these resources and methods
    /// (``DiscoverySubset``); empty for all of the document.
    public var include: [String] = []
    /// `--configuration FILE`: a target's `google-api-codegen.json`, read when the generator
    /// runs (``CodegenTargetConfiguration``); the build plugin passes it instead of
    /// `--include` and `--quota-costs`, so that an edit to the file takes effect on the next
    /// build.
    public var configuration: String? = nil

    /// A command-line mistake, described for the user.
    public struct UsageError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Parses `generate DOC... --output-directory DIR [--module-name NAME] [--quota-costs FILE] [--include NAME]... [--configuration FILE] [--quiet]`.
    /// - Parameter arguments: The arguments after the program name.
    /// - Throws: `UsageError` for unknown subcommands or options and missing values.
    public static func parse(_ arguments: [String]) throws(UsageError) -> CodegenCommandLine {
        guard arguments.first == "generate" else {
            throw UsageError(description: "expected the 'generate' subcommand, found '\(arguments.first ?? "")'")
        }
        var documents: [String] = []
        var outputDirectory: String?
        var moduleName: String?
        var quotaCosts: String?
        var include: [String] = []
        var configuration: String?
        var quiet = false
        var index = 1
        func value(for option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(description: "missing value for \(option)")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--output-directory", "-o": outputDirectory = try value(for: argument)
            case "--module-name": moduleName = try value(for: argument)
            case "--quota-costs": quotaCosts = try value(for: argument)
            case "--include": include.append(try value(for: argument))
            case "--configuration": configuration = try value(for: argument)
            case "--quiet", "-q": quiet = true
            default:
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    let option = String(argument[..<equals])
                    let optionValue = String(argument[argument.index(after: equals)...])
                    switch option {
                    case "--output-directory": outputDirectory = optionValue
                    case "--module-name": moduleName = optionValue
                    case "--quota-costs": quotaCosts = optionValue
                    case "--include": include.append(optionValue)
                    case "--configuration": configuration = optionValue
                    default: throw UsageError(description: "unknown option '\(option)'")
                    }
                } else if argument.hasPrefix("-") {
                    throw UsageError(description: "unknown option '\(argument)'")
                } else {
                    documents.append(argument)
                }
            }
            index += 1
        }
        guard !documents.isEmpty else { throw UsageError(description: "no Discovery documents given") }
        guard let outputDirectory else { throw UsageError(description: "missing --output-directory") }
        if moduleName != nil && documents.count > 1 {
            throw UsageError(description: "--module-name applies to a single document")
        }
        if quotaCosts != nil && documents.count > 1 {
            throw UsageError(description: "--quota-costs applies to a single document")
        }
        if !include.isEmpty && documents.count > 1 {
            throw UsageError(description: "--include applies to a single document")
        }
        if configuration != nil && (documents.count > 1 || !include.isEmpty || quotaCosts != nil) {
            throw UsageError(description: "--configuration applies to a single document and replaces --include and --quota-costs")
        }
        if let moduleName {
            // Also a file-name prefix: an identifier cannot name another directory.
            guard GeneratedFileLayout.isValidModuleName(moduleName), !SwiftNaming.keywords.contains(moduleName) else {
                throw UsageError(
                    description:
                        "--module-name must be a Swift identifier (ASCII letters, digits and _, not starting with a digit, at most 64 characters), found '\(Self.printable(moduleName))'"
                )
            }
        }
        if documents.count > 1 {
            // Each document gets <output-directory>/<base name>/; two of one name would share it.
            var seen: [String: String] = [:]
            for document in documents {
                let base = Self.outputFolderName(of: document)
                guard base != "", base != ".", base != ".." else {
                    throw UsageError(description: "cannot name an output folder after '\(Self.printable(document))'")
                }
                if let other = seen[base.lowercased()] {
                    throw UsageError(
                        description:
                            "'\(Self.printable(other))' and '\(Self.printable(document))' would both be written to \(Self.printable(outputDirectory))/\(Self.printable(base))/: rename one, or generate them in separate runs"
                    )
                }
                seen[base.lowercased()] = document
            }
        }
        return CodegenCommandLine(
            documents: documents, outputDirectory: outputDirectory, moduleName: moduleName, quotaCosts: quotaCosts, quiet: quiet,
            include: include, configuration: configuration)
    }

    /// The folder a document's files go into when several are generated at once:
    /// `drive.v3.json` → `drive.v3`.
    /// - Parameter document: The document's path as given.
    public static func outputFolderName(of document: String) -> String {
        URL(fileURLWithPath: document).deletingPathExtension().lastPathComponent
    }

    /// Text from the command line for an error message: control characters escaped, long
    /// text cut, so a message stays one readable line.
    static func printable(_ text: String) -> String {
        let literal = SwiftSource.stringLiteral(String(text.prefix(200)))
        return String(literal.dropFirst().dropLast()) + (text.count > 200 ? "…" : "")
    }
}
