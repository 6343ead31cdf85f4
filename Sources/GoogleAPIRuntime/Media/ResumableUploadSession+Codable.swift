import Foundation

// MARK: - Codable

/// The session URI is written as a plain string (whatever the encoder does with `URL`), and
/// sessions saved before `confirmedBytes` and `file` existed still decode.
extension ResumableUploadSession: Codable {
    private enum CodingKeys: String, CodingKey {
        case uri, totalBytes, contentType, confirmedBytes, file
    }

    /// - Throws: `DecodingError` for a missing or non-HTTP(S) URI, a missing size, or numbers
    ///   that cannot describe an upload (a saved session is outside input).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .uri)
        guard let uri = URL(string: text), let scheme = uri.scheme?.lowercased(), scheme == "https" || scheme == "http",
            uri.host?.isEmpty == false
        else {
            throw DecodingError.dataCorruptedError(forKey: .uri, in: container, debugDescription: "not an http(s) URL")
        }
        let totalBytes = try container.decode(Int64.self, forKey: .totalBytes)
        let confirmedBytes = try container.decodeIfPresent(Int64.self, forKey: .confirmedBytes) ?? 0
        guard totalBytes >= 0, (0...totalBytes).contains(confirmedBytes) else {
            throw DecodingError.dataCorruptedError(
                forKey: .confirmedBytes, in: container,
                debugDescription: "confirmedBytes \(confirmedBytes) is not within 0...\(totalBytes)")
        }
        self.init(
            uri: uri, totalBytes: totalBytes,
            contentType: try container.decodeIfPresent(String.self, forKey: .contentType),
            confirmedBytes: confirmedBytes, file: try container.decodeIfPresent(UploadFileIdentity.self, forKey: .file))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri.absoluteString, forKey: .uri)
        try container.encode(totalBytes, forKey: .totalBytes)
        try container.encodeIfPresent(contentType, forKey: .contentType)
        try container.encode(confirmedBytes, forKey: .confirmedBytes)
        try container.encodeIfPresent(file, forKey: .file)
    }
}
