import Foundation

// MARK: - PEMCertificateBundle

/// The certificates of a PEM bundle (`HTTPTransportConfiguration/caBundlePath`) as DER bytes, for
/// a transport that takes anchors one by one (URLSession's trust evaluation on Apple platforms).
enum PEMCertificateBundle {
    /// Each `CERTIFICATE` block's bytes, in order; blocks of other types and text around them are
    /// skipped, and a block that is not base64 is left out.
    static func derCertificates(in text: String) -> [Data] {
        var result: [Data] = []
        var body: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "-----BEGIN CERTIFICATE-----" {
                body = ""
            } else if trimmed == "-----END CERTIFICATE-----" {
                if let body, let der = Data(base64Encoded: body), !der.isEmpty { result.append(der) }
                body = nil
            } else if body != nil {
                body! += trimmed
            }
        }
        return result
    }
}
