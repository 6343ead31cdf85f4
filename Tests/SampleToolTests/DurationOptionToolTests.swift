import Foundation
import GoogleEmulator
import Testing

// MARK: - DurationOptionToolTests

/// Every duration and number option of both tools fed values no parse should let through
/// (`Int.max`, `Int64.max` seconds crashed `drive changes tail --poll` in its first sleep): each is
/// refused with exit 2 and a message naming the option and what it takes, before anything is sent.
@Suite("Duration and number options refuse what they cannot hold")
struct DurationOptionToolTests {
    static let hostileValues = [
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "-1", "-9223372036854775808", "1e30",
        "123456789012345678901234567890.5", "inf", "nan", "-0.5s", "1e30h",
    ]

    /// Each option, the command line that carries it (`VALUE` is replaced) and what the error names.
    static let options: [(tool: String, arguments: [String], names: String)] = [
        ("drive", ["changes", "tail", "--poll", "VALUE"], "--poll takes a duration from 1s to 1d"),
        ("drive", ["changes", "tail", "--page-size", "VALUE"], "--page-size takes a whole number from 1 to 1000"),
        ("youtube-live", ["go-live", "--wait", "VALUE", "--", "-broadcast"], "--wait takes a duration from 0s to 7d"),
        ("youtube-live", ["go-live", "--poll-interval", "VALUE", "--", "-broadcast"], "--poll-interval takes a duration from 10ms to 1d"),
        ("youtube-live", ["end", "--poll-interval", "VALUE", "--", "-broadcast"], "--poll-interval takes a duration from 10ms to 1d"),
        (
            "youtube-live", ["streams", "health", "--watch", "--interval", "VALUE", "--", "stream"],
            "--interval takes a duration from 10ms to 1d"
        ),
        ("youtube-live", ["chat", "tail", "--budget-hours", "VALUE", "--", "broadcast"], "--budget-hours"),
        ("youtube-live", ["quota", "--quota-budget", "VALUE"], "from 0 to 1000000000"),
    ]

    @Test("Huge, negative and non-finite values of every duration option exit 2 naming the allowed range")
    func hostileValuesAreRefused() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        _ = try await fixture.login("youtube-live")
        for option in Self.options {
            for value in Self.hostileValues {
                let arguments = option.arguments.map { $0 == "VALUE" ? value : $0 }
                let result = try await ToolProcess.run(option.tool, arguments, environment: fixture.environment)
                #expect(result.status == 2, "\(option.tool) \(arguments): \(result.status) \(result.standardError)")
                #expect(result.standardError.contains(option.names), "\(option.tool) \(arguments): \(result.standardError)")
                #expect(!result.standardError.contains("Fatal error"))
            }
        }
    }

    @Test("An unknown option says where an ID beginning with `-` goes; after `--` such an ID is an argument")
    func dashIDs() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        let unknown = try await fixture.run("youtube-live", "go-live", "--x7Fk3-abcd")
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("an ID beginning with `-` goes after `--`"), "\(unknown.standardError)")
        // After `--`, `-h` is an ID (here one YouTube does not know), not a request for help.
        let help = try await fixture.run("youtube-live", "end", "--", "-h")
        #expect(help.status != 0 && !help.standardOutput.contains("USAGE"), "\(help.standardOutput)")
    }
}
