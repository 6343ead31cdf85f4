public import GoogleAuth

// MARK: - AuthorizedSessionError

/// The session's credential failures are `GoogleAuth/OAuthError`s now, so that a call has one
/// authorization error type and one "scope not granted" (`GoogleAuth/OAuthError/Code/scopeNotGranted`).
/// The former cases are `GoogleAuth/OAuthError/Code` values of the same names:
/// `catch let error as OAuthError where error.code == .reauthenticationRequired`.
@available(*, deprecated, renamed: "OAuthError", message: "a session's credential failures are OAuthErrors: match error.code (.reauthenticationRequired, .notAuthorized, .scopeNotGranted, ...)")
public typealias AuthorizedSessionError = OAuthError
