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
                // IDs (YouTube's, Drive's) may begin with `-`; say how to pass one.
                throw CommandLineError.usage("unknown option --\(name) (an ID beginning with `-` goes after `--`)")
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

    /// The value of `name` as a whole number in `range`.
    /// - Throws: ``CommandLineError/usage(_:)`` naming the range when it is not one.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw CommandLineError.usage("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound); got '\(text)'")
        }
        return number
    }

    /// The value of `name` as a duration in `range`: a number of seconds (`90`, `0.5`) or one with
    /// a unit (`250ms`, `90s`, `5m`, `1h`, `1d`).
    ///
    /// Anything outside `range` (negative, infinite, `1e30`, `Int.max` seconds) is refused here,
    /// so that no later sleep or sum can overflow on a value a user typed.
    /// - Throws: ``CommandLineError/usage(_:)`` naming the allowed range.
    public func duration(_ name: String, in range: ClosedRange<Duration>) throws -> Duration? {
        guard let text = value(name) else { return nil }
        guard let duration = Self.parseDuration(text), range.contains(duration) else {
            throw CommandLineError.usage(
                "--\(name) takes a duration from \(Self.describe(range.lowerBound)) to \(Self.describe(range.upperBound)), "
                    + "such as 90s, 5m or 1h; got '\(text)'")
        }
        return duration
    }

    static let durationUnits: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400)]

    /// `text` as a duration, or `nil` when it is not a finite, non-negative one of at most a
    /// century (beyond which no option has a use, and `Duration` arithmetic comes near overflow).
    static func parseDuration(_ text: String) -> Duration? {
        var number = Substring(text)
        var scale = 1.0
        for unit in durationUnits where text.hasSuffix(unit.suffix) {
            number = number.dropLast(unit.suffix.count)
            scale = unit.seconds
            break
        }
        guard number.first?.isNumber == true || number.first == ".", let value = Double(number) else { return nil }
        let seconds = value * scale
        guard seconds.isFinite, seconds >= 0, seconds <= 100 * 366 * 86_400 else { return nil }
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// `duration` in the largest unit that writes it exactly: `250ms`, `90s`, `5m`, `24h`, `7d`.
    static func describe(_ duration: Duration) -> String {
        guard duration > .zero else { return "0s" }
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        for unit in durationUnits.reversed() {
            let size = Int64(unit.seconds * 1000)
            if milliseconds % size == 0, milliseconds >= size || unit.suffix == "ms" {
                return "\(milliseconds / size)\(unit.suffix)"
            }
        }
        return "\(milliseconds)ms"
    }

    /// The positional argument at `index`, or a usage error naming it.
    public func positional(_ index: Int, named name: String) throws -> String {
        guard index < positionals.count else {
            throw CommandLineError.usage("missing \(name)")
        }
        return positionals[index]
    }
}
