import Foundation

// MARK: - StoredContent

/// Content written to the store's directory.
struct StoredContent: Sendable {
    var url: URL
    var size: Int64
    var md5: String
}
