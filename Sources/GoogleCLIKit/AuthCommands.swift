import Foundation
import GoogleAPIRuntime
import GoogleAuth

// MARK: - AuthCommands

/// `login`, `logout` and `status`, shared by every sample tool.
public enum AuthCommands {
    /// The three commands for a tool whose context is built by `makeContext`.
    public static func commands(
        makeContext: @escaping @Sendable (ParsedArguments) throws -> ToolContext,
        browser: @escaping @Sendable () -> any BrowserOpener = { SystemBrowserOpener() }
    ) -> [Command] {
        [
            Command(
                "login", summary: "Authorize this tool in the browser and store the tokens.",
                options: [OptionSpecification("login-hint", value: "EMAIL", help: "Preselect this Google account.")]
            ) { arguments in
                let context = try makeContext(arguments)
                try context.requireUserCredentials(for: "login")
                try await login(context, loginHint: arguments.value("login-hint"), browser: browser())
            },
            Command("logout", summary: "Revoke the stored tokens at Google, then delete them.") { arguments in
                let context = try makeContext(arguments)
                try context.requireUserCredentials(for: "logout")
                try await logout(context)
            },
            Command("status", summary: "Show which credentials are in use: source, account, scopes, token expiry, quota project.") {
                arguments in
                try await status(try makeContext(arguments))
            },
        ]
    }

    // MARK: - login

    static func login(_ context: ToolContext, loginHint: String?, browser: any BrowserOpener) async throws {
        let client = try context.oauthClient()
        try await context.reportingErrors {
            let credentials = try await client.authorize(
                scopes: context.scopes, options: AuthorizationOptions(loginHint: loginHint), browser: browser)
            try await context.tokenStore.save(credentials)
            let missing = context.scopes.filter { !credentials.scopes.isEmpty && !credentials.hasScope($0) }
            standardError(signedInMessage(account: credentials.idTokenClaims?.email, tokenStore: context.environment.tokenStoreFile.path))
            if !missing.isEmpty {
                standardError("Warning: these scopes were not granted: \(missing.joined(separator: " "))")
            }
        }
    }

    /// What `login` says when it worked: the account when the ID token names it; without one
    /// (no `openid email` scopes granted) it does not pretend to know which account it was.
    package static func signedInMessage(account: String?, tokenStore: String) -> String {
        guard let account, !account.isEmpty else {
            return "Signed in (Google did not say which account: no email was granted). Tokens stored in \(tokenStore)."
        }
        return "Signed in as \(account). Tokens stored in \(tokenStore)."
    }

    // MARK: - logout

    static func logout(_ context: ToolContext) async throws {
        try await context.reportingErrors {
            guard let credentials = try await context.tokenStore.load() else {
                standardError("Not signed in; nothing to revoke.")
                return
            }
            let client = try context.oauthClient()
            do {
                // Revoking the refresh token also revokes the access tokens issued with it.
                try await client.revoke(token: credentials.refreshToken ?? credentials.accessToken)
            } catch let error as OAuthError where error.code == .invalidToken {
                // An already revoked or expired token is gone either way; delete it locally too.
            }
            try await context.tokenStore.delete()
            standardError("Signed out: the tokens were revoked and deleted.")
        }
    }

    // MARK: - status

    /// What `status` reports; also its `--json` shape.
    struct Status: Encodable {
        var signedIn: Bool
        var account: String?
        var subject: String?
        var scopes: [String]
        var accessTokenExpires: Date?
        var hasRefreshToken: Bool
        /// When time-based access ends (`refresh_token_expires_in`); `nil` when it does not.
        var refreshTokenExpires: Date?
        var tokenStore: String
        /// Which credentials commands use.
        var credentials: CredentialsStatus
    }

    /// The credentials in use: `user` (the token store), or what `--auth adc` / an API key found.
    struct CredentialsStatus: Encodable {
        var kind: String
        var source: String
        var account: String?
        var quotaProject: String?
        var accessTokenExpires: Date?
    }

    static func status(_ context: ToolContext) async throws {
        if context.environment.apiKey != nil || context.environment.authMode == .adc {
            try await otherCredentialsStatus(context)
            return
        }
        let status = try await context.reportingErrors {
            let credentials = try await context.tokenStore.load()
            let claims = credentials?.idTokenClaims
            return Status(
                signedIn: credentials != nil, account: claims?.email, subject: claims?.subject,
                scopes: credentials?.scopes.sorted() ?? [], accessTokenExpires: credentials?.expiresAt,
                hasRefreshToken: credentials?.refreshToken != nil,
                refreshTokenExpires: credentials?.refreshToken == nil ? nil : credentials?.refreshTokenExpiresAt,
                tokenStore: context.environment.tokenStoreFile.path,
                credentials: CredentialsStatus(
                    kind: "user", source: "\(context.toolName) login (token store \(context.environment.tokenStoreFile.path))",
                    account: claims?.email, quotaProject: nil, accessTokenExpires: credentials?.expiresAt))
        }
        if context.environment.wantsJSON {
            try JSONOutput.print(status)
            return
        }
        guard status.signedIn else {
            print("Not signed in. Run `\(context.toolName) login`.")
            return
        }
        TerminalText.print("Account:        \(status.account ?? "(unknown: no ID token)")")
        TerminalText.print("Scopes:         \(status.scopes.isEmpty ? "(unknown)" : status.scopes.joined(separator: "\n                "))")
        if let expiry = status.accessTokenExpires, let seconds = expiry.wholeSeconds() {
            print("Access token:   \(seconds > 0 ? "expires in \(seconds) s" : "expired (refreshed on next use)")")
        }
        print("Refresh token:  \(refreshTokenLine(status))")
        print("Token store:    \(status.tokenStore)")
        print("Credentials:    user (`\(context.toolName) login`; --auth adc or --api-key for others)")
    }

    /// `status` for Application Default Credentials (obtains a token, so it proves they work) or
    /// an API key (nothing to check without a call).
    static func otherCredentialsStatus(_ context: ToolContext) async throws {
        let session = try context.session()
        let credentials = try await context.reportingErrors { () -> CredentialsStatus in
            if context.environment.apiKey == nil { _ = try await session.accessToken() }
            let summary = await session.credentialsSummary()
            return CredentialsStatus(
                kind: summary.kind.rawValue, source: summary.source, account: summary.account,
                quotaProject: summary.quotaProjectID, accessTokenExpires: session.cachedTokenExpiry)
        }
        if context.environment.wantsJSON {
            try JSONOutput.print(credentials)
            return
        }
        TerminalText.print("Credentials:    \(credentials.kind) from \(credentials.source)")
        TerminalText.print("Account:        \(credentials.account ?? "(unknown)")")
        if let expiry = credentials.accessTokenExpires, let seconds = expiry.wholeSeconds() {
            print("Access token:   expires in \(seconds) s")
        } else if credentials.kind != "api_key" {
            print("Access token:   obtained (expiry unknown)")
        }
        TerminalText.print("Quota project:  \(credentials.quotaProject ?? "(none: the credentials' own project)")")
    }

    /// `stored`, `none`, or when time-based access ends (`login` is needed after that).
    static func refreshTokenLine(_ status: Status, now: Date = Date()) -> String {
        guard status.hasRefreshToken else { return "none" }
        guard let expiry = status.refreshTokenExpires else { return "stored (does not expire)" }
        let date = ISO8601DateFormatter().string(from: expiry)
        guard expiry > now else { return "expired at \(date) (time-based access ended; run login again)" }
        guard let seconds = expiry.wholeSeconds(from: now) else { return "stored, expires at \(date)" }
        return "stored, expires in \(seconds) s (at \(date))"
    }
}
