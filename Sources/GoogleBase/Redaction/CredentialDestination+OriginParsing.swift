import Foundation

// MARK: - Origin parsing without URLComponents

extension CredentialDestination.Origin {
    /// The origin of a plainly spelled absolute http(s) URL, read straight from its text:
    /// `scheme://host[:port]` followed by `/`, `?`, `#` or the end, where the host is letters,
    /// digits, `.` and `-`, or a bracketed IPv6 address of hex digits, `:` and `.`, and the port
    /// is 1–5 digits without a leading zero, at most 65535.
    ///
    /// Every request a session sends is checked, and `URLComponents` (with its IDNA host
    /// handling) cost several microseconds of each typed call. Anything else — user info,
    /// percent-escapes, other characters, an empty port — returns `nil`, and the caller falls
    /// back to `URLComponents`, so the two agree wherever this one answers.
    package init?(plainlySpelled text: String) {
        var text = text
        let parsed: (scheme: String, host: String, port: Int)? = text.withUTF8 { bytes in
            Self.parse(bytes)
        }
        guard let parsed else { return nil }
        self.scheme = parsed.scheme
        self.host = parsed.host
        self.port = parsed.port
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (scheme: String, host: String, port: Int)? {
        let isHTTPS: Bool
        var index: Int
        if hasPrefix(bytes, "http://") {
            isHTTPS = false
            index = 7
        } else if hasPrefix(bytes, "https://") {
            isHTTPS = true
            index = 8
        } else {
            return nil
        }
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            end += 1
        }
        guard end > index else { return nil }
        // Host: bracketed IPv6, or a registered name / IPv4 address.
        var host = [UInt8]()
        host.reserveCapacity(end - index)
        if bytes[index] == UInt8(ascii: "[") {
            index += 1
            while index < end, bytes[index] != UInt8(ascii: "]") {
                let byte = lowercased(bytes[index])
                guard isHexDigit(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") else { return nil }
                host.append(byte)
                index += 1
            }
            guard index < end else { return nil }  // No closing bracket.
            index += 1
        } else {
            while index < end, bytes[index] != UInt8(ascii: ":") {
                let byte = lowercased(bytes[index])
                guard isNameCharacter(byte) else { return nil }
                host.append(byte)
                index += 1
            }
        }
        guard !host.isEmpty else { return nil }
        var port = isHTTPS ? 443 : 80
        if index < end {
            guard bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            let digits = end - index
            guard (1...5).contains(digits), bytes[index] != UInt8(ascii: "0") else { return nil }
            var value = 0
            while index < end {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            guard value <= 65535 else { return nil }
            port = value
        }
        return (isHTTPS ? "https" : "http", String(decoding: host, as: UTF8.self), port)
    }

    /// Case-insensitive for the scheme, as URLs allow.
    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        for (offset, byte) in expected.enumerated() where lowercased(bytes[offset]) != byte {
            return false
        }
        return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }
}

// MARK: - Origin prefixes

extension CredentialDestination {
    /// `scheme://host[:port]/` as spelled at the start of a plainly spelled http(s) URL (see
    /// ``Origin/init(plainlySpelled:)``) whose path follows its authority; `nil` otherwise. Any URL
    /// text starting with exactly these bytes has the same origin, so a check that passed for one
    /// such URL can be remembered by its prefix.
    package static func plainOriginPrefix(_ text: String) -> Substring? {
        guard Origin(plainlySpelled: text) != nil else { return nil }
        let utf8 = text.utf8
        // After `http://` or `https://` (which the parse just accepted), up to the first `/`.
        guard var index = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        index = utf8.index(index, offsetBy: 3)
        while index < utf8.endIndex {
            switch utf8[index] {
            case UInt8(ascii: "/"):
                return text[...index]
            case UInt8(ascii: "?"), UInt8(ascii: "#"):
                return nil
            default:
                index = utf8.index(after: index)
            }
        }
        return nil
    }
}
