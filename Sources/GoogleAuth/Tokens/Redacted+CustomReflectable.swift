import Foundation

// MARK: - CustomReflectable
//
// `dump(_:)`, debuggers' summaries and string interpolation of nested values use reflection, which
// would otherwise print every stored property. These mirrors show the same redacted view as
// `description`.

private let redacted = "<redacted>"

extension OAuthTokens: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "accessToken": redacted,
                "expiresAt": expiresAt as Any,
                "refreshToken": refreshToken == nil ? "none" : redacted,
                "refreshTokenExpiresAt": refreshTokenExpiresAt as Any,
                "scopes": scopes.sorted(),
                "tokenType": tokenType,
                "idToken": idToken == nil ? "none" : redacted,
            ])
    }
}

extension OAuthClientConfiguration: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "clientID": clientID,
                "clientSecret": clientSecret == nil ? "none" : redacted,
                "endpoints": endpoints,
                "redirectURIs": redirectURIs,
            ])
    }
}

extension PKCE: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["method": method.rawValue, "verifier": redacted, "challenge": challenge])
    }
}

extension AuthorizationRequest: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["redirectURI": redirectURI, "scopes": scopes, "state": redacted, "pkce": pkce])
    }
}

extension AuthorizationCallback: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "code": code == nil ? "none" : redacted,
                "state": state == nil ? "none" : redacted,
                "error": error as Any,
                "errorDescription": errorDescription as Any,
                "scope": scope as Any,
            ])
    }
}

extension DeviceAuthorization: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "deviceCode": redacted,
                "userCode": userCode,
                "verificationURL": verificationURL,
                "expiresAt": expiresAt,
                "interval": interval,
                "scopes": scopes,
            ])
    }
}
