// MARK: - OptionSpecification

/// One `--name` option a command accepts.
public struct OptionSpecification: Sendable, Hashable {
    public var name: String
    /// The placeholder shown in help for options that take a value; `nil` for flags.
    public var valueName: String?
    public var help: String
    public var isRepeatable: Bool

    public init(_ name: String, value valueName: String? = nil, help: String, repeatable: Bool = false) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.isRepeatable = repeatable
    }

    public var takesValue: Bool { valueName != nil }
}

// MARK: - ParsedArguments

/// Positional arguments and `--options` of one command, validated against its specification.
public struct ParsedArguments: Sendable {
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments`, accepting `--name value`, `--name=value` and `--flag`; `--` ends options.
    /// - Throws: ``CommandLineError/usage(_:)`` for unknown options, missing values or repeats.
    public init(_ arguments: [String], options: [OptionSpecification]) throws {
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("--") else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let specification = byName[name] else {
                throw CommandLineError.usage("unknown option --\(name)")
            }
            if specification.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw CommandLineError.usage("--\(name) needs a value (\(specification.valueName ?? "VALUE"))")
                }
                if values[name] != nil, !specification.isRepeatable {
                    throw CommandLineError.usage("--\(name) given more than once")
                }
                values[name, default: []].append(value)
            } else {
                guard inlineValue == nil else {
                    throw CommandLineError.usage("--\(name) takes no value")
                }
                flags.insert(name)
            }
        }
    }

    /// The value of option `name`, if given.
    public func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Every value of a repeatable option.
    public func values(_ name: String) -> [String] {
        values[name] ?? []
    }

    public func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of `name` parsed as a positive integer.
    /// - Throws: ``CommandLineError/usage(_:)`` when it is not one.
    public func positiveInteger(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw CommandLineError.usage("--\(name) must be a positive integer, got '\(text)'")
        }
        return number
    }

    /// The positional argument at `index`, or a usage error naming it.
    public func positional(_ index: Int, named name: String) throws -> String {
        guard index < positionals.count else {
            throw CommandLineError.usage("missing \(name)")
        }
        return positionals[index]
    }
}
