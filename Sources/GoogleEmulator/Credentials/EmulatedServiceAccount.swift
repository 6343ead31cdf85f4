import Foundation
import GoogleCrypto
import GoogleJSON

// MARK: - EmulatedServiceAccount

/// A service account the emulator knows: its email and the public half of its key, against which
/// the token endpoint verifies JWT bearer grants (RS256). The metadata server mode and IAM
/// Credentials `generateAccessToken` issue tokens for these accounts too.
public struct EmulatedServiceAccount: Sendable {
    /// The account's email (the JWT's `iss`).
    public var email: String
    /// The public key (`PUBLIC KEY` PEM) that verifies the account's JWTs.
    public var publicKeyPEM: String
    /// The account's project.
    public var projectID: String
    /// Users the account may act as through domain-wide delegation (the JWT's `sub`).
    public var delegatedSubjects: Set<String>

    /// - Parameters: See the properties.
    public init(email: String, publicKeyPEM: String, projectID: String = "emulated-project", delegatedSubjects: Set<String> = []) {
        self.email = email
        self.publicKeyPEM = publicKeyPEM
        self.projectID = projectID
        self.delegatedSubjects = delegatedSubjects
    }

    /// A new account with a key pair generated now (libcrypto), and its key file's content.
    /// **Test-only**: the private key exists only in the returned file, made for the emulator.
    /// - Parameters:
    ///   - email: The account's email.
    ///   - tokenURI: The file's `token_uri` (the emulator's `/token`).
    ///   - projectID: The account's project.
    ///   - quotaProjectID: A `quota_project_id` to put in the file, or `nil`.
    ///   - delegatedSubjects: Users the account may act as.
    /// - Returns: The account to put into the emulator's configuration, and the key file JSON.
    /// - Throws: ``GoogleEmulatorError`` when no key pair can be generated (libcrypto missing).
    public static func makeForTests(
        email: String = "robot@emulated-project.iam.gserviceaccount.com", tokenURI: URL, projectID: String = "emulated-project",
        quotaProjectID: String? = nil, delegatedSubjects: Set<String> = []
    ) throws(GoogleEmulatorError) -> (account: EmulatedServiceAccount, keyFile: Data) {
        do {
            let key = try RSAPrivateKey.generate()
            let account = EmulatedServiceAccount(
                email: email, publicKeyPEM: try key.publicKey().pem(), projectID: projectID, delegatedSubjects: delegatedSubjects)
            let file = account.keyFile(privateKeyPEM: try key.pkcs8PEM(), tokenURI: tokenURI, quotaProjectID: quotaProjectID)
            return (account, file)
        } catch {
            throw GoogleEmulatorError(message: "cannot make a test service account key: \(error)")
        }
    }

    /// A service account key file (`"type": "service_account"`) for this account.
    public func keyFile(privateKeyPEM: String, tokenURI: URL, keyID: String = "emulated-key-1", quotaProjectID: String? = nil) -> Data {
        var members: [(String, JSONValue?)] = [
            ("type", "service_account"),
            ("project_id", .string(projectID)),
            ("private_key_id", .string(keyID)),
            ("private_key", .string(privateKeyPEM)),
            ("client_email", .string(email)),
            ("client_id", "100000000000000000001"),
            ("auth_uri", "https://accounts.google.com/o/oauth2/auth"),
            ("token_uri", .string(tokenURI.absoluteString)),
        ]
        if let quotaProjectID { members.append(("quota_project_id", .string(quotaProjectID))) }
        return JSONValue.compactObject(members).serialized
    }
}
