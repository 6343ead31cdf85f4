import Foundation
import GoogleHTTPTypes

// MARK: - IDTokenClaims

/// The claims of an OpenID Connect ID token, **decoded but not verified**.
///
/// The signature is not checked: use these only for display (who signed in) or as hints, never to
/// authenticate the user to a backend; send the raw token to a server that verifies it instead.
public struct IDTokenClaims: Sendable, Hashable {
    /// `iss`, e.g. `https://accounts.google.com`.
    public var issuer: String?
    /// `sub`: the user's stable Google account ID.
    public var subject: String?
    /// `aud`: the client ID(s) the token was issued to.
    public var audience: [String]
    /// `azp`.
    public var authorizedParty: String?
    /// `email` (with the `email` scope).
    public var email: String?
    /// `email_verified`.
    public var emailVerified: Bool?
    /// `name` (with the `profile` scope).
    public var name: String?
    /// `picture` (with the `profile` scope).
    public var picture: String?
    /// `hd`: the Workspace domain, if any.
    public var hostedDomain: String?
    /// `iat`.
    public var issuedAt: Date?
    /// `exp`.
    public var expiresAt: Date?
    /// Every claim, as decoded JSON (strings, numbers, bools, arrays, objects).
    public var rawJSON: Data

    /// Decodes the payload of a JWT without verifying it.
    /// - Parameter idToken: The compact JWT (`header.payload.signature`).
    /// - Throws: ``OAuthError/unexpectedResponse(status:excerpt:)`` when it is not a decodable JWT.
    public init(decoding idToken: String) throws {
        let segments = idToken.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2, let payload = Base64URL.decode(String(segments[1])),
              let claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        else {
            throw OAuthError.unexpectedResponse(status: 200, excerpt: "id_token is not a decodable JWT")
        }
        self.rawJSON = payload
        self.issuer = claims["iss"] as? String
        self.subject = claims["sub"] as? String
        if let single = claims["aud"] as? String {
            self.audience = [single]
        } else {
            self.audience = (claims["aud"] as? [Any])?.compactMap { $0 as? String } ?? []
        }
        self.authorizedParty = claims["azp"] as? String
        self.email = claims["email"] as? String
        if let verified = claims["email_verified"] as? Bool {
            self.emailVerified = verified
        } else if let verified = claims["email_verified"] as? String {
            self.emailVerified = verified == "true"
        }
        self.name = claims["name"] as? String
        self.picture = claims["picture"] as? String
        self.hostedDomain = claims["hd"] as? String
        self.issuedAt = (claims["iat"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        self.expiresAt = (claims["exp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
    }
}

// MARK: - OAuthCredentials + ID token

extension OAuthCredentials {
    /// The ID token's claims (email, sub, …), decoded but **not verified**; `nil` without an ID token
    /// or when it cannot be decoded.
    public var idTokenClaims: IDTokenClaims? {
        idToken.flatMap { try? IDTokenClaims(decoding: $0) }
    }
}
