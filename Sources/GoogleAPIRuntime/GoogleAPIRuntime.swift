// The service runtime that generated API wrappers call. It re-exports only the modules its public
// signatures (and so a generated module's) are written in, so `import GoogleDrive` is enough to
// build a session and call the API. Foundation is not re-exported: import it where you use it.

// `AuthorizedSession.init(credentials:refresher:)` takes GoogleAuth's `TokenStore`,
// `TokenRefreshing` and `OAuthTokens`; callers get them from an `OAuthClient`.
@_exported public import GoogleAuth
// Sessions and service clients take and return `HTTPTransport`, `GoogleHTTPRequest`, `GoogleHTTPHeaders` and
// `GoogleHTTPResponse`; the value types carry no libcurl (the default transport is chosen internally).
@_exported public import GoogleHTTPTypes
// Generated schema types conform to `GoogleJSONFastDecodable` (taking a `GoogleJSONValueRef`,
// a `GoogleJSONKeyTable`), hold `JSONValue` for Discovery's `any`, and decode through the
// `decodeGoogle…IfPresent` container helpers; callers decode and encode with `GoogleJSONDecoder`
// and `GoogleJSONEncoder`. All of that is GoogleJSON's public API.
@_exported public import GoogleJSON
