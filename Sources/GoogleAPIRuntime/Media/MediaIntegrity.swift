import Foundation
import GoogleAuth

// MARK: - MediaIntegrity

/// What a transfer's bytes must match, from metadata the caller already has (e.g. a Drive file's
/// `size` and `md5Checksum`). A download that ends with other bytes fails with
/// ``GoogleAPIClientError/integrityCheckFailed(_:)`` instead of reporting success.
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
    let expected: MediaIntegrity
    private var digest: ContentMD5?

    init(_ expected: MediaIntegrity) {
        self.expected = expected
        digest = expected.md5Checksum == nil ? nil : ContentMD5()
    }

    mutating func update(_ chunk: Data) {
        digest?.update(chunk)
    }

    /// Starts over (the download restarted from byte 0).
    mutating func reset() {
        digest = expected.md5Checksum == nil ? nil : ContentMD5()
    }

    /// - Throws: ``GoogleAPIClientError/integrityCheckFailed(_:)`` when the size or digest differs.
    mutating func verify(delivered: Int64) throws(GoogleAPIClientError) {
        if let byteCount = expected.byteCount, byteCount != delivered {
            throw .integrityCheckFailed("received \(delivered) bytes, the metadata says \(byteCount)")
        }
        if let md5 = expected.md5Checksum, let actual = digest?.finalizeHex(), actual.lowercased() != md5.lowercased() {
            throw .integrityCheckFailed("MD5 of the received bytes is \(actual), the metadata says \(md5)")
        }
    }
}
