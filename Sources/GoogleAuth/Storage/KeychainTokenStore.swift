#if canImport(Security)
import Foundation
import Security

// MARK: - KeychainTokenStore

/// Keeps credentials as a generic-password item in the user's Keychain (Apple platforms only).
public struct KeychainTokenStore: TokenStore {
    /// The Keychain item's service attribute.
    public let service: String
    /// The Keychain item's account attribute.
    public let account: String

    /// - Parameters:
    ///   - service: The item's service, e.g. your bundle identifier.
    ///   - account: The item's account, e.g. `default` or the user's email.
    public init(service: String, account: String = "default") {
        self.service = service
        self.account = account
    }

    private var query: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    public func load() async throws -> OAuthTokens? {
        var request = query
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else {
            throw TokenStoreError.keychain(operation: "read", status: status)
        }
        return try FileTokenStore.decode(data, path: "keychain:\(service)/\(account)")
    }

    public func save(_ credentials: OAuthTokens) async throws {
        let data = try FileTokenStore.encode(credentials)
        let update = [kSecValueData as String: data] as CFDictionary
        var status = SecItemUpdate(query as CFDictionary, update)
        if status == errSecItemNotFound {
            var add = query
            add[kSecValueData as String] = data
            add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(add as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw TokenStoreError.keychain(operation: "write", status: status) }
    }

    public func delete() async throws {
        let status = SecItemDelete(query as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw TokenStoreError.keychain(operation: "delete", status: status)
        }
    }
}
#endif
