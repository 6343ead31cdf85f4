import Foundation

// MARK: - CommandLineTool

/// A tool made of subcommands, with `--help` everywhere and the documented exit codes.
public struct CommandLineTool: Sendable {
    public var name: String
    public var summary: String
    /// Options every command accepts (client secret, token store, `--json`, ...).
    public var commonOptions: [OptionSpecification]
    public var commands: [Command]
    /// Lines appended to the tool's help, e.g. the environment variables it reads.
    public var epilogue: [String]

    public init(
        name: String, summary: String, commonOptions: [OptionSpecification], commands: [Command],
        epilogue: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.commonOptions = commonOptions
        self.commands = commands
        self.epilogue = epilogue
    }

    // MARK: - Running

    /// Runs the command like ``run(_:)``, as a tool's `main` does: Ctrl-C (SIGINT) or SIGTERM
    /// cancels it, so a transfer or a wait ends at once and the command cleans up (a download
    /// keeps its partial file for the next run and never leaves a half-written target), and
    /// the status is then ``ExitStatus/interrupted`` (130). A second signal, or cleanup taking
    /// more than 5 s, exits at once.
    /// - Parameter arguments: The arguments without the program name.
    public func runHandlingInterrupts(_ arguments: [String]) async -> ExitStatus {
        let command = Task { await run(arguments) }
        let interrupt = InterruptSignal { command.cancel() }
        let status = await command.value
        guard interrupt.wasReceived else { return status }
        return .interrupted
    }

    /// Runs the command named by `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String]) async -> ExitStatus {
        // Words after `--` are arguments, whatever they look like: an ID may well be `-h`.
        let optionWords = arguments.prefix { $0 != "--" }
        let wantsHelp = optionWords.contains("--help") || optionWords.contains("-h")
        let words = optionWords.filter { $0 != "--help" && $0 != "-h" } + arguments[optionWords.endIndex...]
        guard let command = matchCommand(words) else {
            if wantsHelp || words.isEmpty || words.first == "help" {
                print(help)
                return wantsHelp || words.first == "help" ? .success : .usage
            }
            standardError("\(name): unknown command '\(words.prefix(2).joined(separator: " "))'\n\n\(help)")
            return .usage
        }
        if wantsHelp {
            print(help(for: command))
            return .success
        }
        do {
            let parsed = try ParsedArguments(Array(words.dropFirst(command.path.count)), options: command.options + commonOptions)
            try await command.run(parsed)
            return .success
        } catch let error as CommandLineError {
            standardError("\(name): \(TerminalText.sanitized(error.message, keepingNewlines: true))")
            if case .usage = error {
                standardError("Run `\(name) \(command.name) --help` for usage.")
            }
            return Task.isCancelled ? .interrupted : error.exitStatus
        } catch  where Task.isCancelled {
            standardError("\(name): interrupted")
            return .interrupted
        } catch {
            standardError("\(name): \(TerminalText.sanitized("\(error)", keepingNewlines: true))")
            return .failure
        }
    }

    /// The command whose path is the longest prefix of `words`.
    func matchCommand(_ words: [String]) -> Command? {
        commands
            .filter { words.starts(with: $0.path) }
            .max { $0.path.count < $1.path.count }
    }

    // MARK: - Help

    public var help: String {
        var lines = ["\(name) — \(summary)", "", "USAGE: \(name) <command> [options]", "", "COMMANDS:"]
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            lines.append("  \(command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(command.summary)")
        }
        lines.append("")
        lines.append("OPTIONS (all commands):")
        lines += optionLines(commonOptions)
        lines.append("  --help                 Show help for the tool or a command.")
        if !epilogue.isEmpty {
            lines.append("")
            lines += epilogue
        }
        lines.append("")
        lines.append("EXIT CODES: 0 ok, 1 error, 2 usage, 3 reauthentication required (run `\(name) login`).")
        return lines.joined(separator: "\n")
    }

    public func help(for command: Command) -> String {
        var lines = ["\(name) \(command.name) — \(command.summary)", ""]
        let arguments = command.argumentsUsage.isEmpty ? "" : " \(command.argumentsUsage)"
        lines.append("USAGE: \(name) \(command.name)\(arguments) [options]")
        if !command.options.isEmpty {
            lines.append("")
            lines.append("OPTIONS:")
            lines += optionLines(command.options)
        }
        lines.append("")
        lines.append("COMMON OPTIONS:")
        lines += optionLines(commonOptions)
        return lines.joined(separator: "\n")
    }

    private func optionLines(_ options: [OptionSpecification]) -> [String] {
        options.map { option in
            let left = "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "")
            return "  \(left.padding(toLength: max(21, left.count + 1), withPad: " ", startingAt: 0)) \(option.help)"
        }
    }
}

// MARK: - Standard error

/// Writes a line to standard error (diagnostics never go to standard output, which scripts parse).
public func standardError(_ text: String) {
    // Flush buffered standard output first so messages and output interleave in order.
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
