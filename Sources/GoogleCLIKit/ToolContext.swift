import Foundation
public import GoogleAPIRuntime
internal import GoogleHTTP

// MARK: - ToolContext

/// Everything a tool command needs to talk to Google: the OAuth client, the token store and an
/// authorized session, built from a ``ToolEnvironment``.
public struct ToolContext: Sendable {
    public var environment: ToolEnvironment
    /// The scopes the tool asks for at `login`.
    public var scopes: [String]
    public var transport: any HTTPTransport

    /// - Parameters:
    ///   - environment: Options and variables.
    ///   - scopes: The scopes the tool asks for at `login`.
    ///   - transport: Carries every request; `nil` uses the one `GOOGLE_API_TRANSPORT` names
    ///     (`curl` or `urlsession`; the platform's by default), trusting the CAs of
    ///     `GOOGLE_API_CA_BUNDLE`/`SSL_CERT_FILE`/`SSL_CERT_DIR` when set. With `--verbose`, the
    ///     first line on standard error names it.
    public init(environment: ToolEnvironment, scopes: [String], transport: (any HTTPTransport)? = nil) {
        self.environment = environment
        self.scopes = scopes
        self.transport = transport ?? environment.google.makeTransport()
        if environment.verbose {
            standardError("» transport: \(Self.name(of: self.transport))")
        }
    }

    /// `curl`, `urlsession`, or the type of a transport the caller gave.
    static func name(of transport: any HTTPTransport) -> String {
        HTTPTransportKind(of: transport)?.rawValue ?? String(describing: type(of: transport))
    }

    public var toolName: String { environment.toolName }

    // MARK: - OAuth

    /// The OAuth client from the configured client-secret file, whose `auth_uri`/`token_uri` are
    /// honoured; the `GOOGLE_OAUTH_*_URI` variables replace endpoints (see `GoogleEnvironment`).
    /// - Throws: ``CommandLineError/usage(_:)`` when no client secret is configured, or
    ///   ``CommandLineError/failure(_:)`` when it cannot be loaded.
    public func oauthClient() throws -> OAuthClient {
        guard let file = environment.clientSecretFile else {
            throw CommandLineError.usage(
                "no OAuth client configured: pass --client-secret PATH or set GOOGLE_CLIENT_SECRET_FILE "
                    + "(a Desktop-app client JSON downloaded from the Google Cloud Console)")
        }
        let configuration: OAuthClientConfiguration
        do {
            configuration = try environment.google.clientConfiguration(file: file)
        } catch {
            throw CommandLineError.failure("cannot use client secret file \(file.path): \(error)")
        }
        return OAuthClient(configuration: configuration, transport: transport, logger: requestLogger)
    }

    /// With `--verbose`, prints each `RequestLogEntry` (already free of secrets) on standard error.
    public var requestLogger: (@Sendable (RequestLogEntry) -> Void)? {
        guard environment.verbose else { return nil }
        return { entry in standardError("» \(entry)") }
    }

    public var tokenStore: FileTokenStore {
        FileTokenStore(fileURL: environment.tokenStoreFile)
    }

    /// A session for the configured credentials: the API key when one is given, else the user's
    /// stored tokens (`--auth user`) or Application Default Credentials (`--auth adc`, found at the
    /// first request).
    /// Every wait before a retry is shown as one line on standard error
    /// (`waiting 32 s before retry 2 of 4 (429 rate limit exceeded)`), so a pause never looks
    /// like a hang; with `--verbose`, every request too (see ``requestLogger``).
    /// - Parameter quotaLedger: Counts quota units of the requests it prices (see ``GoogleQuotaLedger``).
    /// - Throws: ``CommandLineError`` when the OAuth client cannot be configured.
    public func session(quotaLedger: GoogleQuotaLedger? = nil) throws -> AuthorizedSession {
        // Every service built on the session follows GOOGLE_API_ROOT_URL (the tools opt in).
        var configuration = AuthorizedSession.Configuration(apiRootURL: environment.google.apiRootURL)
        configuration.quotaLedger = quotaLedger
        configuration.observers.append(.retryWaits { wait in standardError(wait.description) })
        if let requestLogger { configuration.logRequests(requestLogger) }
        if let key = environment.apiKey {
            return AuthorizedSession(
                apiKey: APIKey(key, source: environment.apiKeySource ?? "an API key"), transport: transport,
                configuration: configuration)
        }
        switch environment.authMode {
        case .user:
            return AuthorizedSession(
                credentials: tokenStore, refresher: try oauthClient(), transport: transport, configuration: configuration)
        case .adc:
            let credentials = DeferredApplicationDefaultCredentials(
                scopes: apiScopes, environment: ApplicationDefaultCredentials.Environment(variables: environment.variables),
                transport: transport)
            return AuthorizedSession(credentials: credentials, transport: transport, configuration: configuration)
        }
    }

    /// The scopes without the OpenID ones (`openid`, `email`, `profile`), which only name the
    /// user at `login`: service accounts and the metadata server are asked for API scopes only.
    public var apiScopes: [String] {
        scopes.filter { !["openid", "email", "profile"].contains($0) }
    }

    /// Refuses `login`/`logout` when the credentials are not the tool's own.
    /// - Throws: ``CommandLineError/usage(_:)`` saying why the command does not apply.
    public func requireUserCredentials(for command: String) throws {
        if environment.apiKey != nil {
            throw CommandLineError.usage(
                "`\(command)` does not apply with an API key (\(environment.apiKeySource ?? "--api-key")): a key needs no sign-in")
        }
        if environment.authMode == .adc {
            throw CommandLineError.usage(
                "`\(command)` does not apply with --auth adc: Application Default Credentials come from "
                    + "GOOGLE_APPLICATION_CREDENTIALS, `gcloud auth application-default login` or the metadata server")
        }
    }

    // MARK: - Errors

    /// Runs `body`, turning library errors into messages and exit codes a user understands.
    public func reportingErrors<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as CommandLineError {
            throw error
        } catch let error as OAuthError where error.requiresReauthentication && environment.authMode == .adc && environment.apiKey == nil {
            // An authorized_user file's grant ended: renewed with gcloud (the error says so), not this tool's login.
            throw CommandLineError.failure("\(error)")
        } catch let error as OAuthError where error.requiresReauthentication {
            // No credentials, or the refresh token is gone: only signing in again helps.
            throw CommandLineError.reauthenticationRequired(tool: toolName)
        } catch OAuthError.Code.accessDenied {
            // Said to the person at the terminal, who is the one who clicked Cancel or Deny.
            throw CommandLineError.failure(
                "Access was not granted: the sign-in was cancelled or denied in the browser. "
                    + "Run `\(toolName) login` again and choose Allow to use \(toolName).")
        } catch let error as OAuthError {
            throw CommandLineError.failure("\(error)")
        } catch let error as GoogleAPIError where environment.apiKey != nil && error.status == 401 {
            throw CommandLineError.failure(
                "\(error)\nThis command needs OAuth: an API key only reads public data (e.g. `videos get`). "
                    + "Unset GOOGLE_API_KEY / drop --api-key.")
        } catch let error as GoogleAPIError {
            throw CommandLineError.failure("\(error)")
        } catch let error as HTTPTransportError where error.kind == .cancelled {
            throw CommandLineError.failure("interrupted")
        } catch is CancellationError {
            throw CommandLineError.failure("interrupted")
        } catch let error as HTTPTransportError {
            throw CommandLineError.failure("network error: \(error)")
        } catch let error as TokenStoreError where error.code == .corrupt {
            // Signing in writes a new file over it; nothing else needs doing.
            throw CommandLineError.failure(
                "the token file \(error.path ?? "") is corrupt (\(error.reason ?? "")); run `\(toolName) login` to replace it")
        } catch {
            throw CommandLineError.failure("\(error)")
        }
    }
}
