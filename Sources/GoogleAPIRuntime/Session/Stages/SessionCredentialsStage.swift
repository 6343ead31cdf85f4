import GoogleAuth
import GoogleHTTPTypes

// MARK: - SessionCredentialsStage

/// The credentials stage, once per attempt: adds the access token (or the API key and the
/// credentials' request metadata) and, after a 401, refreshes the token once and sends the
/// attempt again — the same attempt, authorized again. Where the token may go was checked once
/// for the call before any stage ran (``AuthorizedSession/requireTokenDestination(_:)``).
struct SessionCredentialsStage: Sendable {
    let session: AuthorizedSession

    /// Sends `request` through `next` with credentials.
    /// - Throws: What the credentials throw, `GoogleAuth/OAuthError/Code/unauthorizedBodyNotReplayable`
    ///   after a 401 to a body that cannot be sent again, `CancellationError`, or what `next` throws.
    func send<Value: Sendable>(
        _ request: GoogleHTTPRequest, context: GoogleRequestContext,
        next: (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> SessionAttempt<Value> {
        var refreshed = false
        while true {
            // An API-key session has no token machinery at all.
            let token = session.apiKey == nil ? try await session.accessToken().value : nil
            let outcome = try await next(session.authorizing(request, token: token))
            guard outcome.head.status == 401, !refreshed, let tokens = session.tokens, let token else { return outcome }
            session.events.emit(GoogleSessionEvent(.refreshAfterUnauthorized, context: context))
            refreshed = true
            _ = try await tokens.tokenReplacing(rejectedAccessToken: token)
            guard request.body.isReplayable else {
                throw OAuthError.unauthorizedBodyNotReplayable(status: outcome.head.status)
            }
            try Task.checkCancellation()
        }
    }
}
