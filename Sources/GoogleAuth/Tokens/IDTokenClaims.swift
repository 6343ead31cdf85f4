import Foundation
import GoogleBase
import GoogleHTTPTypes
import GoogleJSON

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
    /// - Throws: ``OAuthError/Code/unexpectedResponse`` when it is not a decodable JWT.
    public init(decoding idToken: String) throws {
        let segments = idToken.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2, let payload = Base64URL.decode(String(segments[1])),
            case .object(let claims)? = try? JSONValue(parsing: payload)
        else {
            throw OAuthError.unexpectedResponse(status: 200, excerpt: "id_token is not a decodable JWT")
        }
        self.rawJSON = payload
        self.issuer = claims["iss"]?.stringValue
        self.subject = claims["sub"]?.stringValue
        switch claims["aud"] {
        case .string(let single)?: self.audience = [single]
        case .array(let items)?: self.audience = items.compactMap(\.stringValue)
        default: self.audience = []
        }
        self.authorizedParty = claims["azp"]?.stringValue
        self.email = claims["email"]?.stringValue
        switch claims["email_verified"] {
        case .bool(let verified)?: self.emailVerified = verified
        case .string(let verified)?: self.emailVerified = verified == "true"
        default: break
        }
        self.name = claims["name"]?.stringValue
        self.picture = claims["picture"]?.stringValue
        self.hostedDomain = claims["hd"]?.stringValue
        self.issuedAt = claims["iat"]?.doubleValue.map { Date(timeIntervalSince1970: $0) }
        self.expiresAt = claims["exp"]?.doubleValue.map { Date(timeIntervalSince1970: $0) }
    }
}

// MARK: - OAuthTokens + ID token

extension OAuthTokens {
    /// The ID token's claims (email, sub, …), decoded but **not verified**; `nil` without an ID token
    /// or when it cannot be decoded.
    public var idTokenClaims: IDTokenClaims? {
        idToken.flatMap { try? IDTokenClaims(decoding: $0) }
    }
}
