import Foundation

// MARK: - PEM

/// The PEM text encoding (RFC 7468): a `-----BEGIN LABEL-----` line, base64, an `-----END LABEL-----`
/// line. Framing only; what the bytes mean is the key decoder's business.
package enum PEM {
    /// The label and bytes of the first PEM block in `text`.
    /// - Throws: ``CryptoError`` (`.malformedKey`) when there is no complete block or the base64
    ///   is broken (a truncated key ends up here), without quoting the text.
    package static func decode(_ text: String) throws(CryptoError) -> (label: String, der: [UInt8]) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") && $0.hasSuffix("-----") }) else {
            throw CryptoError(.malformedKey, "the private key is not PEM text (no -----BEGIN line)")
        }
        let label = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast(5))
        guard let end = lines[(begin + 1)...].firstIndex(of: "-----END \(label)-----") else {
            throw CryptoError(.malformedKey, "the private key is truncated (no -----END \(label)----- line)")
        }
        let body = lines[(begin + 1)..<end].joined()
        guard !body.isEmpty, let data = Data(base64Encoded: body) else {
            throw CryptoError(.malformedKey, "the private key's base64 is malformed")
        }
        return (label, [UInt8](data))
    }

    /// `der` as a PEM block with `label`, 64 columns of base64.
    package static func encode(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var index = base64.startIndex
        while index < base64.endIndex {
            let next = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[index..<next]))
            index = next
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }
}
