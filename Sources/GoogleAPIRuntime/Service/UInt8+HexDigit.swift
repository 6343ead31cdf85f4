import GoogleBase
import GoogleHTTPTypes

// MARK: - UInt8 hex digits

extension UInt8 {
    /// Whether the byte is an ASCII hex digit (the JSON parser's `\uXXXX` check uses it).
    var isHexDigit: Bool { PercentEncoding.hexValue(self) != nil }
}
