import Foundation

// MARK: - CodegenCommandLine

/// The `google-api-codegen` command line, parsed by hand (the package has no dependencies).
public struct CodegenCommandLine: Sendable, Equatable {
    public var documents: [String]
    public var outputDirectory: String
    public var moduleName: String?
    public var quiet: Bool

    /// A command-line mistake, described for the user.
    public struct UsageError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Parses `generate DOC... --output-directory DIR [--module-name NAME] [--quiet]`.
    /// - Parameter arguments: The arguments after the program name.
    /// - Throws: `UsageError` for unknown subcommands or options and missing values.
    public static func parse(_ arguments: [String]) throws(UsageError) -> CodegenCommandLine {
        guard arguments.first == "generate" else {
            throw UsageError(description: "expected the 'generate' subcommand, found '\(arguments.first ?? "")'")
        }
        var documents: [String] = []
        var outputDirectory: String?
        var moduleName: String?
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
            case "--quiet", "-q": quiet = true
            default:
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    let option = String(argument[..<equals])
                    let optionValue = String(argument[argument.index(after: equals)...])
                    switch option {
                    case "--output-directory": outputDirectory = optionValue
                    case "--module-name": moduleName = optionValue
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
        return CodegenCommandLine(documents: documents, outputDirectory: outputDirectory, moduleName: moduleName, quiet: quiet)
    }
}
