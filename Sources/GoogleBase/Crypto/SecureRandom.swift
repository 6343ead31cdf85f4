// MARK: - SecureRandom

/// Random values from the system CSPRNG (`getrandom(2)` on Linux, `arc4random_buf` on Apple
/// platforms, both behind `SystemRandomNumberGenerator`).
package enum SecureRandom {
    /// The RFC 3986 unreserved characters, which PKCE verifiers and state values are drawn from.
    package static let unreservedCharacters = PercentEncoding.unreservedBytes

    package static func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `length` characters of the unreserved set, each chosen uniformly.
    package static func unreservedString(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let characters = (0..<length).map { _ in unreservedCharacters.randomElement(using: &generator) ?? UInt8(ascii: "A") }
        return String(decoding: characters, as: UTF8.self)
    }

    /// A base64url string of `byteCount` random bytes (256 bits by default): an unguessable token.
    package static func token(byteCount: Int = 32) -> String {
        Base64URL.encode(bytes(count: byteCount))
    }
}
