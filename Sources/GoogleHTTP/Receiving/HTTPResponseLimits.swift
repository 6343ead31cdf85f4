import Foundation

// MARK: - HTTPResponseLimits

/// Bounds on a response head that the transports enforce themselves, whatever their HTTP stack
/// accepts (libcurl 7.88 reports a header flood as a receive error and a long line as "out of
/// memory"; URLSession has limits of its own). Google's heads have a few dozen fields and a few
/// kilobytes.
enum HTTPResponseLimits {
    /// Header fields in one header block.
    static let maxHeaderFields = 1000
    /// Bytes of one header block (below libcurl 7.88's 300 KiB, so this check speaks first).
    static let maxHeaderBlockBytes = 256 << 10
    /// libcurl's own limit on one header line (`CURL_MAX_HTTP_HEADER`), named in its error.
    static let libcurlMaxHeaderLineBytes = 100 << 10

    /// "64 MiB" for a power-of-two multiple, else the exact byte count with its rounded size.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
