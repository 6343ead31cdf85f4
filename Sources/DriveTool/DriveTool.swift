import Foundation
public import GoogleCLIKit
import GoogleDrive

// MARK: - DriveTool

/// The `drive` command-line tool: sign in, list, inspect, download, export and upload Drive
/// files, list shared drives, follow changes.
public enum DriveTool {
    public static let name = "drive"

    /// Full Drive access (listing, downloading and uploading any file); `openid email` names the
    /// account in `status`.
    public static let scopes = [
        "https://www.googleapis.com/auth/drive",
        "openid",
        "email",
    ]

    /// The tool with every command.
    /// - Parameter browser: How `login` shows the authorization page (the system browser by default).
    public static func tool(browser: @escaping @Sendable () -> any BrowserOpener = { SystemBrowserOpener() }) -> CommandLineTool {
        CommandLineTool(
            name: name,
            summary: "list, download and upload Google Drive files",
            commonOptions: ToolEnvironment.commonOptions,
            commands: AuthCommands.commands(makeContext: context, browser: browser) + FileCommands.commands
                + SharedDriveCommands.commands + ChangeCommands.commands,
            epilogue: ToolEnvironment.environmentHelp)
    }

    @Sendable static func context(_ arguments: ParsedArguments) throws -> ToolContext {
        ToolContext(environment: try ToolEnvironment(toolName: name, arguments: arguments), scopes: scopes)
    }

    /// The Drive service for the signed-in user.
    static func service(_ context: ToolContext) throws -> Drive {
        Drive(session: try context.session())  // GOOGLE_API_ROOT_URL through the session
    }

    /// The file fields the commands show (each call passes them as `fields:`: Drive v3 returns
    /// only `id`, `name` and `mimeType` of a file unless asked for more).
    static let fileFields: [GoogleFieldSelection<Drive.File>] = [
        .id, .name, .mimeType, .size, .modifiedTime, .parents, .owners([.displayName, .emailAddress]), .md5Checksum,
    ]
}
