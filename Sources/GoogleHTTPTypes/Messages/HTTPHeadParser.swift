import Foundation

// MARK: - RequestHead

/// The request line and header fields of one request, before the body.
package struct RequestHead {
    package var method: GoogleHTTPMethod
    package var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    package var minorVersion: Int
    package var headers: GoogleHTTPHeaders
}

// MARK: - HTTPHeadParser

/// The package's one HTTP/1.x head parser (RFC 9112 §2–5): the server's strict request heads, and
/// the lenient heads of messages nested in multipart bodies (batch requests and responses).
package enum HTTPHeadParser {
    /// Finds the end of the head in `bytes`: the index just past the empty line, or `nil` when more
    /// bytes are needed. Bare LF line endings are tolerated, as RFC 9112 §2.2 allows.
    package static func headLength(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == 0x0A else {
                index += 1
                continue
            }
            if index + 1 < count && bytes[index + 1] == 0x0A { return index + 2 }
            if index + 2 < count && bytes[index + 1] == 0x0D && bytes[index + 2] == 0x0A { return index + 3 }
            if index + 2 >= count { return nil }
            index += 1
        }
        return nil
    }

    /// Number of leading CRLF / LF bytes, which a server should ignore before a request line.
    package static func leadingEmptyLineBytes(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < bytes.count && (bytes[index] == 0x0D || bytes[index] == 0x0A) {
            index += 1
        }
        return index
    }

    /// Parses a complete head (including its terminating empty line).
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(RequestHeadError) -> RequestHead {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        for index in 0..<bytes.count where bytes[index] == 0x0A {
            var end = index
            if end > lineStart && bytes[end - 1] == 0x0D { end -= 1 }
            lines.append(ArraySlice(bytes[lineStart..<end]))
            lineStart = index + 1
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let requestLine = lines.first else { throw .malformed("empty request") }

        var head = try parseRequestLine(requestLine)
        for line in lines.dropFirst() {
            let field = try parseField(line)
            head.headers.add(name: field.name, value: field.value)
        }
        return head
    }

    // MARK: - Request line

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(RequestHeadError) -> RequestHead {
        let parts = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("request line must be 'METHOD target HTTP/1.x'") }
        let methodBytes = parts[0]
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(isTokenByte) else {
            throw .malformed("invalid method")
        }
        let targetBytes = parts[1]
        guard !targetBytes.isEmpty, targetBytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformed("invalid request target")
        }
        let target = String(decoding: targetBytes, as: UTF8.self)
        guard target.hasPrefix("/") || target == "*" || target.hasPrefix("http://") || target.hasPrefix("https://")
        else {
            throw .malformed("invalid request target")
        }
        let version = Array(parts[2])
        let prefix = Array("HTTP/".utf8)
        guard version.count == 8, Array(version[0..<5]) == prefix,
            isDigit(version[5]), version[6] == 0x2E, isDigit(version[7])
        else {
            throw .malformed("invalid HTTP version")
        }
        guard version[5] == 0x31 else { throw .versionNotSupported }
        let minor = version[7] == 0x30 ? 0 : 1
        return RequestHead(
            method: GoogleHTTPMethod(rawValue: String(decoding: methodBytes, as: UTF8.self)),
            target: target, minorVersion: minor, headers: GoogleHTTPHeaders())
    }

    // MARK: - Header fields

    private static func parseField(_ line: ArraySlice<UInt8>) throws(RequestHeadError) -> GoogleHTTPHeaders.Field {
        guard let first = line.first else { throw .malformed("empty header line") }
        if first == 0x20 || first == 0x09 { throw .malformed("obsolete line folding is not accepted") }
        guard let colon = line.firstIndex(of: 0x3A) else { throw .malformed("header line without ':'") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .malformed("invalid header name") }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
        while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
        guard !value.contains(where: { $0 == 0x00 || $0 == 0x0D || $0 == 0x0A }) else {
            throw .malformed("invalid header value")
        }
        return GoogleHTTPHeaders.Field(
            name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    // MARK: - Character classes

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `tchar` from RFC 9110 §5.6.2.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
