import Foundation
import GoogleBase
import GoogleCrypto
import GoogleHTTPTypes
import GoogleJSON

// MARK: - JSONWebToken

/// The RS256-signed JWT of the JWT bearer grant (RFC 7523 §2.1, RFC 7519): `header.claims.signature`,
/// each part base64url without padding.
enum JSONWebToken {
    struct Header: Encodable {
        var alg = "RS256"
        var typ = "JWT"
        var kid: String?
    }

    /// The claims Google's token endpoint reads for a service account.
    struct BearerClaims: Encodable {
        var iss: String
        var scope: String
        var aud: String
        var iat: Int64
        var exp: Int64
        var sub: String?
    }

    /// `header.claims.signature` signed with `key`.
    /// - Throws: ``CredentialsError`` when signing fails.
    static func sign(_ claims: BearerClaims, keyID: String?, with key: RSAPrivateKey) throws(CredentialsError) -> String {
        let encoder = GoogleJSONEncoder()
        let signingInput: String
        do {
            signingInput = Base64URL.encode(try encoder.encode(Header(kid: keyID))) + "." + Base64URL.encode(try encoder.encode(claims))
        } catch {
            throw CredentialsError(.signingFailed, "the JWT claims could not be encoded")
        }
        do {
            let signature = try key.signSHA256(Array(signingInput.utf8))
            return signingInput + "." + Base64URL.encode(signature)
        } catch {
            throw CredentialsError(
                error.code == .libraryUnavailable ? .cryptoUnavailable : .signingFailed, "signing the JWT failed: \(error.message)")
        }
    }
}
