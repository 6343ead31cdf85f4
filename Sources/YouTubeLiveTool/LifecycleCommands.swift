import Foundation
import GoogleCLIKit
import GoogleYouTube

// MARK: - LifecycleCommands

/// `go-live` and `end`: the broadcast lifecycle done the way YouTube requires (see
/// `YouTubeBroadcastLifecycle`), each step printed as it happens.
enum LifecycleCommands {
    static let commands = [goLive, end]

    static let pollOption = OptionSpecification(
        "poll-interval", value: "SECONDS", help: "Shortest wait between status polls, 10ms to 1d (default 5s; each poll costs quota).")

    // MARK: - go-live

    static let goLive = Command(
        "go-live", summary: "Wait for the encoder, then take a bound broadcast live (through testing when its monitor stream is on).",
        arguments: "BROADCAST_ID",
        options: [
            OptionSpecification("wait", value: "DURATION", help: "How long to wait in all, up to 7d, e.g. 90s, 5m, 1h (default 5m)."),
            pollOption,
        ]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let id = try arguments.positional(0, named: "BROADCAST_ID")
        let wait = try arguments.duration("wait", in: waitRange) ?? .seconds(300)
        let lifecycle = try makeLifecycle(context, arguments)
        let json = context.environment.wantsJSON
        let live = try await context.reportingErrors {
            do {
                return try await lifecycle.goLive(broadcast: id, deadline: wait) { step in report(step, json: json) }
            } catch let error as YouTubeLifecycleError {
                throw CommandLineError.failure("go-live stopped: \(error)")
            }
        }
        if json {
            try JSONOutput.printLine(live)
        } else {
            print("Broadcast \(live.id ?? id) is live.")
        }
    }

    // MARK: - end

    static let end = Command(
        "end", summary: "Complete a testing or live broadcast (its chat ends with it).", arguments: "BROADCAST_ID",
        options: [pollOption]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let id = try arguments.positional(0, named: "BROADCAST_ID")
        let lifecycle = try makeLifecycle(context, arguments)
        let json = context.environment.wantsJSON
        let ended = try await context.reportingErrors {
            do {
                return try await lifecycle.end(broadcast: id) { step in report(step, json: json) }
            } catch let error as YouTubeLifecycleError {
                throw CommandLineError.failure("end stopped: \(error)")
            }
        }
        if json {
            try JSONOutput.printLine(ended)
        } else {
            print("Broadcast \(ended.id ?? id) is complete.")
        }
    }

    // MARK: - Helpers

    static func makeLifecycle(_ context: ToolContext, _ arguments: ParsedArguments) throws -> YouTubeBroadcastLifecycle {
        var configuration = YouTubeBroadcastLifecycle.Configuration()
        if let interval = try arguments.duration("poll-interval", in: pollRange) {
            configuration.pollInterval = interval
        }
        return YouTubeBroadcastLifecycle(youtube: try YouTubeLiveTool.service(context, arguments), configuration: configuration)
    }

    /// A step as a line: on standard output as text, or on standard error with `--json` (whose
    /// standard output is the broadcast alone).
    static func report(_ step: YouTubeLifecycleStep, json: Bool) {
        if json {
            standardError(step.description)
        } else {
            print(step.description)
            fflush(nil)
        }
    }

    /// The longest a command waits in all, and the range of the waits between polls.
    static let waitRange: ClosedRange<Duration> = .zero...(.seconds(7 * 86_400))
    static let pollRange: ClosedRange<Duration> = .milliseconds(10)...(.seconds(86_400))
}
