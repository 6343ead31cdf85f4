import Foundation
public import GoogleCLIKit
import GoogleYouTube

// MARK: - YouTubeLiveTool

/// The `youtube-live` command-line tool: sign in, list and manage live broadcasts and streams,
/// and follow a broadcast's chat.
public enum YouTubeLiveTool {
    public static let name = "youtube-live"

    /// Enough to list and manage the user's broadcasts and post to chat; `openid email` names the
    /// account in `status`.
    public static let scopes = [
        "https://www.googleapis.com/auth/youtube",
        "openid",
        "email",
    ]

    /// The tool with every command.
    /// - Parameter browser: How `login` shows the authorization page (the system browser by default).
    public static func tool(browser: @escaping @Sendable () -> any BrowserOpener = { SystemBrowserOpener() }) -> CommandLineTool {
        CommandLineTool(
            name: name,
            summary: "manage YouTube live broadcasts, streams and chat",
            commonOptions: ToolEnvironment.commonOptions + [QuotaSettings.option],
            commands: AuthCommands.commands(makeContext: context, browser: browser)
                + BroadcastCommands.commands + LifecycleCommands.commands
                + [StreamCommands.list, StreamCommands.health, ChatCommands.tail, VideoCommands.get, QuotaCommands.show],
            epilogue: ToolEnvironment.environmentHelp + QuotaSettings.environmentHelp)
    }

    /// Builds the context (environment, scopes, transport) for one command.
    @Sendable static func context(_ arguments: ParsedArguments) throws -> ToolContext {
        ToolContext(environment: try ToolEnvironment(toolName: name, arguments: arguments), scopes: scopes)
    }

    /// The YouTube service for the signed-in user, its quota counted in the tool's ledger.
    static func service(_ context: ToolContext, _ arguments: ParsedArguments) throws -> YouTube {
        let ledger = try QuotaSettings.ledger(context, arguments: arguments)
        return YouTube(session: try context.session(quotaLedger: ledger))  // GOOGLE_API_ROOT_URL through the session
    }
}
