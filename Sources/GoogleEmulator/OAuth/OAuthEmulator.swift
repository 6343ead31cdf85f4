import Foundation
import GoogleBase
import GoogleHTTPTypes
import GoogleJSON
public import LocalHTTPServer
import Synchronization

// MARK: - OAuthEmulator

/// An in-process emulation of Google's OAuth 2.0 endpoints for tests and local development.
///
/// Paths (relative to the server root, as in `OAuthEndpoints(emulatorBaseURL:)`):
/// `/o/oauth2/v2/auth` (consents automatically, per ``Configuration/consent``), `/token`,
/// `/revoke`, `/device/code` and `/device?user_code=…[&action=deny]` (the device-flow approval page).
///
/// The token endpoint really verifies PKCE (S256 and plain), single-use codes (a replayed code
/// revokes the tokens it produced), exact `redirect_uri` match and client secrets. ID tokens are
/// unsigned JWTs (`alg: none`): **test-only**, never accept them outside the emulator.
///
/// All state sits behind one `Mutex`, so every method may be called from any thread or task.
public final class OAuthEmulator: Sendable {
    let state: Mutex<OAuthEmulatorState>

    /// - Parameter configuration: Clients, lifetimes and behaviour.
    public init(configuration: Configuration = .init()) {
        self.state = Mutex(OAuthEmulatorState(configuration: configuration))
    }

    // MARK: - Routing

    /// Handles an OAuth request; `nil` when the path is not an OAuth path.
    /// - Parameter request: The request received by the server.
    public func handle(_ request: HTTPServerRequest) async -> HTTPServerResponse? {
        switch request.path {
        case "/o/oauth2/v2/auth", "/o/oauth2/auth":
            return handleAuthorization(request)
        case "/token", "/o/oauth2/token":
            guard request.method == .post else { return methodNotAllowed() }
            return handleToken(request)
        case "/revoke", "/o/oauth2/revoke":
            guard request.method == .post else { return methodNotAllowed() }
            return handleRevoke(request)
        case "/device/code":
            guard request.method == .post else { return methodNotAllowed() }
            return handleDeviceCode(request)
        case "/device":
            return handleDeviceApproval(request)
        default:
            return nil
        }
    }

    // MARK: - Test controls

    /// The current configuration.
    public var configuration: Configuration {
        state.withLock { $0.configuration }
    }

    /// Changes the configuration (e.g. the consent behaviour) for later requests.
    public func updateConfiguration(_ update: (inout Configuration) -> Void) {
        state.withLock { update(&$0.configuration) }
    }

    /// Revokes every token and grant issued so far.
    public func revokeAll() {
        state.withLock { state in
            for record in state.accessTokens.values { state.revokedGrants.insert(record.grantID) }
            for record in state.refreshTokens.values { state.revokedGrants.insert(record.grantID) }
        }
    }

    /// Makes every access token issued so far expired (refresh tokens stay valid).
    public func expireAccessTokens() {
        state.withLock { state in
            let past = state.now.addingTimeInterval(-1)
            for key in state.accessTokens.keys { state.accessTokens[key]?.expiresAt = past }
        }
    }

    /// Moves the emulator's clock forward, to expire tokens and codes without waiting.
    public func advanceTime(by seconds: TimeInterval) {
        state.withLock { $0.clockOffset += seconds }
    }

    /// Stops the emulator's clock at the current instant, so that from now on only
    /// ``advanceTime(by:)`` moves it: tests of intervals (device-flow `slow_down`, expiry) then
    /// hold however long the test itself takes on a busy machine.
    public func freezeClock() {
        state.withLock { state in
            if state.frozenWallClock == nil { state.frozenWallClock = Date() }
        }
    }

    /// The emulator's current time (wall clock, or the frozen instant, plus ``advanceTime(by:)``).
    public var now: Date { state.withLock { $0.now } }

    /// Requests received by the token endpoint (any grant type, valid or not).
    public var tokenRequestCount: Int { state.withLock { $0.tokenRequestCount } }
    /// Token requests with `grant_type=refresh_token`.
    public var refreshRequestCount: Int { state.withLock { $0.refreshRequestCount } }
    /// Requests received by the authorization endpoint.
    public var authorizationRequestCount: Int { state.withLock { $0.authorizationRequestCount } }
    /// Requests received by the revocation endpoint.
    public var revokeRequestCount: Int { state.withLock { $0.revokeRequestCount } }

    /// Issues tokens directly, as if the user had authorized, for tests of API endpoints.
    /// - Parameters:
    ///   - scopes: The granted scopes.
    ///   - clientID: The client the tokens belong to (the first configured client by default).
    /// - Returns: A valid access token and its refresh token.
    public func issueTokens(scopes: [String], clientID: String? = nil) -> (access: String, refresh: String) {
        state.withLock { state in
            let client = clientID ?? state.configuration.clients.first?.id ?? "test-client"
            let grant = state.newGrant()
            let issued = state.issue(clientID: client, scopes: Set(scopes), grantID: grant, withRefreshToken: true)
            return (issued.access, issued.refresh ?? "")
        }
    }

    /// Approves a pending device-flow request, as the user would on the verification page.
    /// - Returns: Whether a pending request with that user code existed.
    @discardableResult
    public func approveDevice(userCode: String) -> Bool {
        setDeviceStatus(userCode: userCode, to: .approved)
    }

    /// Denies a pending device-flow request.
    /// - Returns: Whether a pending request with that user code existed.
    @discardableResult
    public func denyDevice(userCode: String) -> Bool {
        setDeviceStatus(userCode: userCode, to: .denied)
    }

    func setDeviceStatus(userCode: String, to status: OAuthEmulatorState.DeviceCode.Status) -> Bool {
        state.withLock { state in
            let normalized = userCode.uppercased().filter { $0 != "-" && $0 != " " }
            guard
                let key = state.deviceCodes.first(where: {
                    $0.value.userCode.filter { $0 != "-" } == normalized && $0.value.status == .pending
                })?.key
            else { return false }
            state.deviceCodes[key]?.status = status
            return true
        }
    }

    // MARK: - Helpers

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
    }

    func methodNotAllowed() -> HTTPServerResponse {
        oauthError("invalid_request", "Method not allowed.", status: 405)
    }

    /// A token-endpoint style error: `{"error": ..., "error_description": ...}`.
    func oauthError(_ code: String, _ description: String, status: Int = 400) -> HTTPServerResponse {
        jsonResponse(["error": .string(code), "error_description": .string(description)], status: status)
    }

    func jsonResponse(_ object: [String: JSONValue], status: Int = 200, headers: [(String, String)] = []) -> HTTPServerResponse {
        let data = JSONValue.object(object).serialized
        var response = HTTPServerResponse.json(data, status: status)
        response.headers["Cache-Control"] = "no-store"
        for (name, value) in headers { response.headers.add(name: name, value: value) }
        return response
    }

    /// Form parameters from the body, falling back to the query (Google accepts both).
    func parameters(of request: HTTPServerRequest) -> [String: String] {
        var result: [String: String] = [:]
        for item in request.queryItems { result[item.name] = item.value }
        for item in FormURLEncoding.decode(request.body) { result[item.name] = item.value }
        return result
    }
}
