import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - Device authorization grant (RFC 8628 as Google documents it)

extension OAuthEmulator {
    func handleDeviceCode(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let parameters = parameters(of: request)
        let host = request.headers["Host"]
        return state.withLock { state -> HTTPServerResponse in
            guard let clientID = parameters["client_id"], state.configuration.client(id: clientID) != nil else {
                return oauthError("invalid_client", "The OAuth client was not found.", status: 401)
            }
            let scopes = Set((parameters["scope"] ?? "").split(separator: " ").map(String.init))
            guard !scopes.isEmpty else { return oauthError("invalid_scope", "Missing required parameter: scope") }
            let deviceCode = "AH-emu-" + OAuthEmulator.randomToken()
            let userCode = Self.makeUserCode()
            let configuration = state.configuration
            state.deviceCodes[deviceCode] = OAuthEmulatorState.DeviceCode(
                clientID: clientID, userCode: userCode, scopes: configuration.grantedScopesOverride ?? scopes,
                expiresAt: state.now.addingTimeInterval(configuration.deviceCodeLifetime),
                interval: configuration.devicePollingInterval)
            let base = configuration.publicBaseURL?.absoluteString ?? "http://\(host ?? "127.0.0.1")"
            return jsonResponse([
                "device_code": .string(deviceCode),
                "user_code": .string(userCode),
                "verification_url": .string(base.hasSuffix("/") ? base + "device" : base + "/device"),
                "expires_in": .integer(Self.wholeSeconds(configuration.deviceCodeLifetime)),
                "interval": .integer(configuration.devicePollingInterval),
            ])
        }
    }

    /// `GET /device?user_code=XXXX-XXXX[&action=deny]`: what the user does on the verification page.
    func handleDeviceApproval(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard let userCode = request.queryValue("user_code") else {
            return .html("<!doctype html><form><input name=user_code><button>Next</button></form>")
        }
        let deny = request.queryValue("action") == "deny"
        guard setDeviceStatus(userCode: userCode, to: deny ? .denied : .approved) else {
            return .html("<!doctype html><p>That code is invalid or expired.</p>", status: 404)
        }
        return .html(deny ? "<!doctype html><p>Access denied.</p>" : "<!doctype html><p>Success! Device connected.</p>")
    }

    func pollDevice(
        _ parameters: [String: String], client: Client, state: inout OAuthEmulatorState, host: String?
    ) -> HTTPServerResponse {
        guard let deviceCode = parameters["device_code"] else {
            return oauthError("invalid_request", "Missing required parameter: device_code")
        }
        guard var record = state.deviceCodes[deviceCode], record.clientID == client.id else {
            return oauthError("invalid_grant", "Malformed device code.")
        }
        let now = state.now
        guard record.expiresAt > now else {
            state.deviceCodes[deviceCode] = nil
            return oauthError("expired_token", "The device code has expired.", status: 400)
        }
        defer { state.deviceCodes[deviceCode]?.lastPoll = now }
        if let last = record.lastPoll, now.timeIntervalSince(last) < TimeInterval(record.interval) {
            record.interval += 5
            state.deviceCodes[deviceCode] = record
            return oauthError("slow_down", "Polling too frequently.", status: 403)
        }
        switch record.status {
        case .pending:
            return oauthError("authorization_pending", "Precondition Required", status: 428)
        case .denied:
            state.deviceCodes[deviceCode] = nil
            return oauthError("access_denied", "Forbidden", status: 403)
        case .approved:
            state.deviceCodes[deviceCode] = nil
            let grant = state.newGrant()
            let issued = state.issue(clientID: client.id, scopes: record.scopes, grantID: grant, withRefreshToken: true)
            return tokenResponse(issued, scopes: record.scopes, client: client, state: state, host: host)
        }
    }

    /// Eight letters as `XXXX-XXXX`, from an alphabet without look-alike characters.
    static func makeUserCode() -> String {
        let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<8).map { _ in alphabet.randomElement(using: &generator) ?? "B" }
        return String(letters[0..<4]) + "-" + String(letters[4..<8])
    }
}
