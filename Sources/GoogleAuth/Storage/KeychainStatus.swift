// MARK: - KeychainStatus

/// What a Keychain call's `OSStatus` means for `KeychainTokenStore`, and what to do about it.
///
/// Plain numbers, not Security's constants, so that the explanation is built and tested on every
/// platform (values from Apple's "Security Framework Result Codes",
/// https://developer.apple.com/documentation/security/security-framework-result-codes).
package enum KeychainStatus {
    /// errSecInteractionNotAllowed: the item is protected while the device is locked.
    package static let interactionNotAllowed: Int32 = -25308
    /// errSecMissingEntitlement: the app is not signed with a Keychain entitlement.
    package static let missingEntitlement: Int32 = -34018
    /// errSecNotAvailable: no keychain is available.
    package static let notAvailable: Int32 = -25291
    /// errSecAuthFailed: the user name or passphrase was not correct.
    package static let authFailed: Int32 = -25293
    /// errSecUserCanceled: the person cancelled an authentication prompt.
    package static let userCanceled: Int32 = -128
    /// errSecDuplicateItem: the item already exists.
    package static let duplicateItem: Int32 = -25299

    /// The cause and the remedy for `status`, for people; `nil` for a status with no advice.
    package static func explanation(of status: Int32) -> String? {
        switch status {
        case interactionNotAllowed:
            "the device is locked (errSecInteractionNotAllowed): the tokens are readable only after the device has been "
                + "unlocked once since it started; try again once it is unlocked (when the app becomes active), or keep "
                + "using the tokens already in memory"
        case missingEntitlement:
            "the app has no Keychain entitlement (errSecMissingEntitlement): sign it with a development team (Signing & "
                + "Capabilities); a test bundle needs a host app, and a shared item needs Keychain Sharing with its access group"
        case notAvailable:
            "no keychain is available (errSecNotAvailable): the process runs outside a signed-in session (a daemon or an "
                + "SSH login on macOS); use a FileTokenStore there"
        case authFailed:
            "the keychain refused the passphrase (errSecAuthFailed): unlock the keychain (Keychain Access on macOS) and try again"
        case userCanceled:
            "the person cancelled the keychain prompt (errSecUserCanceled): try again when they are ready"
        case duplicateItem:
            "another item with the same service and account exists (errSecDuplicateItem) in an access group this app "
                + "cannot update: use another service or account"
        default:
            nil
        }
    }
}
