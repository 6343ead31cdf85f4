import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes

// MARK: - Device authorization grant

extension OAuthClient {
    /// Asks for a device code and user code (`POST` to the device authorization endpoint).
    /// - Parameter scopes: Scopes to request (Google allows a limited set for this flow).
    /// - Throws: ``OAuthError`` (`.invalidClient`, `.invalidScope`, transport or malformed answers).
    public func requestDeviceAuthorization(scopes: [String]) async throws -> DeviceAuthorization {
        let form = [("client_id", configuration.clientID), ("scope", scopes.joined(separator: " "))]
        let response = try await postForm(configuration.endpoints.deviceAuthorization, form, kind: .deviceAuthorization)
        guard let object = TokenEndpointResult.jsonObject(response.body) else {
            throw OAuthError.unexpectedResponse(status: response.status, excerpt: SecretRedactor.excerpt(of: response.body))
        }
        if let code = object["error"]?.stringValue {
            throw OAuthError(code: code, description: object["error_description"]?.stringValue)
        }
        guard (200..<300).contains(response.status),
            let deviceCode = object["device_code"]?.stringValue, !deviceCode.isEmpty,
            let userCode = object["user_code"]?.stringValue, !userCode.isEmpty,
            let verification = (object["verification_url"] ?? object["verification_uri"])?.stringValue,
            let verificationURL = URL(string: verification),
            let expiresIn = TokenLifetime.clamped(TokenEndpointResult.seconds(object["expires_in"]))
        else {
            throw OAuthError.unexpectedResponse(status: response.status, excerpt: SecretRedactor.excerpt(of: response.body))
        }
        let interval = TokenLifetime.pollingInterval(TokenEndpointResult.seconds(object["interval"]))
        return DeviceAuthorization(
            deviceCode: deviceCode, userCode: userCode, verificationURL: verificationURL,
            verificationURLComplete: object["verification_uri_complete"]?.stringValue.flatMap(URL.init(string:)),
            expiresAt: clock().addingTimeInterval(expiresIn), interval: interval, scopes: scopes)
    }

    /// Polls the token endpoint until the user approves or denies, or the code expires. Honours
    /// `interval`, adds 5 seconds on `slow_down` and keeps waiting on `authorization_pending`.
    /// - Parameter authorization: The answer of ``requestDeviceAuthorization(scopes:)``.
    /// - Throws: ``OAuthError/Code/accessDenied``, ``OAuthError/Code/deviceCodeExpired``,
    ///   ``OAuthError/Code/cancelled`` or other ``OAuthError`` cases.
    public func pollDeviceAuthorization(_ authorization: DeviceAuthorization) async throws -> OAuthTokens {
        var interval = authorization.interval
        var form: [(String, String)] = [("client_id", configuration.clientID)]
        if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
        form += [("device_code", authorization.deviceCode), ("grant_type", "urn:ietf:params:oauth:grant-type:device_code")]
        var poll = 0
        while true {
            do {
                try await sleep(.seconds(interval))
            } catch {
                throw OAuthError(code: .cancelled)
            }
            try Task.checkCancellation()
            poll += 1
            let current = interval
            let response = try await postForm(configuration.endpoints.token, form, kind: .devicePoll, attempt: poll) {
                Self.pollingInterval(after: $0, current: current).map { .seconds($0) }
            }
            let result = try TokenEndpointResult.parse(
                response, requestedScopes: authorization.scopes, now: clock(), endpoint: configuration.endpoints.token)
            switch result {
            case .credentials(let credentials):
                return credentials
            case .error("authorization_pending", _, _):
                // The server is authoritative about expiry; the local clock only stops a runaway loop.
                if clock() > authorization.expiresAt.addingTimeInterval(TimeInterval(interval)) {
                    throw OAuthError(code: .deviceCodeExpired)
                }
            case .error("slow_down", _, _):
                break
            case .error:
                _ = try result.credentials()
            }
            interval = Self.pollingInterval(after: response, current: interval) ?? interval
        }
    }

    /// The wait before the next poll after `response`: the same interval while the user has not
    /// answered (`authorization_pending`), 5 seconds more after `slow_down`; `nil` when polling ends.
    static func pollingInterval(after response: GoogleHTTPResponse, current: Int) -> Int? {
        switch TokenEndpointResult.jsonObject(response.body)?["error"]?.stringValue {
        case "authorization_pending": current
        case "slow_down": min(current + 5, TokenLifetime.maximumPollingInterval)
        default: nil
        }
    }

    /// The whole device flow: request codes, show them with `present`, poll until done.
    /// - Parameters:
    ///   - scopes: Scopes to request.
    ///   - present: Shows the user code and verification URL to the user.
    /// - Throws: See ``pollDeviceAuthorization(_:)``.
    public func authorizeDevice(
        scopes: [String], present: @Sendable (DeviceAuthorization) async throws -> Void
    ) async throws -> OAuthTokens {
        let authorization = try await requestDeviceAuthorization(scopes: scopes)
        try await present(authorization)
        return try await pollDeviceAuthorization(authorization)
    }
}
