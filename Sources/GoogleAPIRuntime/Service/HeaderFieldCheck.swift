// MARK: - HeaderFieldCheck

/// Refuses header fields the runtime writes into bodies itself (batch parts, the multipart
/// media part's `Content-Type`): a CR or LF there would end the header and let a value inject
/// headers or whole requests into the body, and NUL is never valid. The transport refuses the
/// same in request headers.
enum HeaderFieldCheck {
    /// - Throws: ``GoogleAPIClientError/Code/invalidHeaderValue``.
    static func validate(name: String, value: String) throws(GoogleAPIClientError) {
        let isToken =
            !name.isEmpty
            && name.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && !#"()<>@,;:\"/[]?={}"#.utf8.contains(byte)
            }
        guard isToken, !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
            throw .invalidHeaderValue(name: isToken ? name : String(name.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F }))
        }
    }
}
