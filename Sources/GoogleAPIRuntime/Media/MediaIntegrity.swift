import Foundation
import GoogleAuth
import GoogleBase
import GoogleHTTP

// MARK: - MediaIntegrity

/// What a transfer's bytes must match, from metadata the caller already has (e.g. a Drive file's
/// `size` and `md5Checksum`). A download that ends with other bytes fails with
/// ``GoogleAPIClientError/Code/integrityCheckFailed`` instead of reporting success.
public struct MediaIntegrity: Sendable, Hashable {
    /// The exact number of bytes expected, if known.
    public var byteCount: Int64?
    /// The expected MD5 digest as hexadecimal (Drive's `md5Checksum`), if known.
    public var md5Checksum: String?

    public init(byteCount: Int64? = nil, md5Checksum: String? = nil) {
        self.byteCount = byteCount
        self.md5Checksum = md5Checksum
    }

    /// Nothing to check.
    public static let none = MediaIntegrity()
}

// MARK: - MediaIntegrityVerifier

/// Hashes bytes as they are delivered and checks them at the end.
struct MediaIntegrityVerifier: Sendable {
    private(set) var expected: MediaIntegrity
    private var digest: ContentMD5?

    init(_ expected: MediaIntegrity) {
        self.expected = expected
        digest = expected.md5Checksum == nil ? nil : ContentMD5()
    }

    mutating func update(_ chunk: Data) {
        digest?.update(chunk)
    }

    /// Starts over on another version of the resource: the caller's metadata describes the old
    /// version, so only what the new response itself states (an `X-Goog-Hash: md5=…`) is checked.
    mutating func restart(newVersionHeaders headers: GoogleHTTPHeaders) {
        expected = MediaIntegrity(byteCount: nil, md5Checksum: Self.md5Hex(googHash: headers["X-Goog-Hash"]))
        digest = expected.md5Checksum == nil ? nil : ContentMD5()
    }

    /// Starts the digest over for the same expectations (bytes continued from a partial file
    /// were thrown away).
    mutating func restartSameVersion() {
        digest = expected.md5Checksum == nil ? nil : ContentMD5()
    }

    /// The MD5 in `X-Goog-Hash: crc32c=…, md5=<base64>`, as hexadecimal.
    static func md5Hex(googHash: String?) -> String? {
        guard let googHash else { return nil }
        for item in googHash.split(separator: ",") {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("md5="), let bytes = Data(base64Encoded: String(trimmed.dropFirst(4))), bytes.count == 16
            else { continue }
            return bytes.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
                .joined()
        }
        return nil
    }

    /// - Throws: ``GoogleAPIClientError/Code/integrityCheckFailed`` when the size or digest differs.
    mutating func verify(delivered: Int64) throws(GoogleAPIClientError) {
        if let byteCount = expected.byteCount, byteCount != delivered {
            throw .integrityCheckFailed("received \(delivered) bytes, the metadata says \(byteCount)")
        }
        if let md5 = expected.md5Checksum, let actual = digest?.finalizeHex(), actual.lowercased() != md5.lowercased() {
            throw .integrityCheckFailed("MD5 of the received bytes is \(actual), the metadata says \(md5)")
        }
    }
}
