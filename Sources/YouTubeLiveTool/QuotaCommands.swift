import Foundation
import GoogleCLIKit
import GoogleYouTube

// MARK: - QuotaCommands

/// `quota`: today's spend, what is left and when it resets.
enum QuotaCommands {
    static let show = Command(
        "quota", summary: "Show today's YouTube quota spend (this machine's ledger), what is left and when it resets."
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let ledger = try QuotaSettings.ledger(context, arguments: arguments)
        let status = try await context.reportingErrors { try await ledger.status() }
        if context.environment.wantsJSON {
            try JSONOutput.print(Report(status))
            return
        }
        let reset = ISO8601DateFormatter().string(from: status.resetsAt)
        print("Today (\(status.day), Pacific time): \(status.spent) of \(status.dailyBudget) units spent, \(status.remaining) left.")
        if status.exhausted { print("YouTube answered quotaExceeded today: nothing is sent until the reset.") }
        print("Resets at \(reset) (midnight Pacific time).")
        print("Ledger: \(ledger.fileURL.path) (project \(status.project))")
    }

    /// The `--json` form.
    struct Report: Encodable {
        var project: String
        var day: String
        var spent: Int
        var budget: Int
        var remaining: Int
        var exhausted: Bool
        var resetsAt: String

        init(_ status: GoogleQuotaStatus) {
            project = status.project
            day = status.day
            spent = status.spent
            budget = status.dailyBudget
            remaining = status.remaining
            exhausted = status.exhausted
            resetsAt = ISO8601DateFormatter().string(from: status.resetsAt)
        }
    }
}
