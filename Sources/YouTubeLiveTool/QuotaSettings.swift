import Foundation
import GoogleCLIKit
import GoogleYouTube

// MARK: - QuotaSettings

/// The tool's quota ledger: on by default with YouTube's default budget (10,000 units), another
/// budget from `--quota-budget` or `YOUTUBE_QUOTA_BUDGET`, kept beside the token store unless
/// `YOUTUBE_QUOTA_STORE` names another file.
enum QuotaSettings {
    static let option = OptionSpecification(
        "quota-budget", value: "UNITS", help: "Daily YouTube quota budget in units (or YOUTUBE_QUOTA_BUDGET; default 10000).")

    static let environmentHelp = [
        "  YOUTUBE_QUOTA_BUDGET       daily quota budget in units (default 10000, Google's default)",
        "  YOUTUBE_QUOTA_STORE        quota ledger file (default: quota.json beside the token store)",
    ]

    static let maximumBudget = 1_000_000_000

    /// The ledger for this invocation.
    /// - Throws: ``CommandLineError/usage(_:)`` for a budget that is not a whole number of units.
    static func ledger(_ context: ToolContext, arguments: ParsedArguments) throws -> GoogleQuotaLedger {
        let variables = context.environment.variables
        let budget: Int
        if let text = arguments.value("quota-budget") ?? variables["YOUTUBE_QUOTA_BUDGET"].flatMap({ $0.isEmpty ? nil : $0 }) {
            // Far above any quota Google grants, and far from where sums of units could overflow.
            guard let units = Int(text), (0...maximumBudget).contains(units) else {
                throw CommandLineError.usage("the quota budget must be a whole number of units from 0 to \(maximumBudget); got '\(text)'")
            }
            budget = units
        } else {
            budget = YouTubeQuotaCost.defaultDailyBudget
        }
        return GoogleQuotaLedger(
            fileURL: storeFile(context), project: project(context), dailyBudget: budget, pricing: YouTubeQuotaCost.ledgerPricing)
    }

    /// Quota is counted per Cloud project; an OAuth client belongs to one, so its (public) client
    /// ID names the project's record. Without one (an API key, whose value is a secret, or ADC)
    /// the record is `default`.
    static func project(_ context: ToolContext) -> String {
        guard context.environment.apiKey == nil, context.environment.authMode == .user,
            let client = try? context.oauthClient()
        else { return "default" }
        return client.configuration.clientID
    }

    static func storeFile(_ context: ToolContext) -> URL {
        if let path = context.environment.variables["YOUTUBE_QUOTA_STORE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return context.environment.tokenStoreFile.deletingLastPathComponent().appendingPathComponent("quota.json")
    }
}
