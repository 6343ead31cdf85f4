import Foundation

// MARK: - MultipartBody

/// The package's one MIME multipart parser (RFC 2046): multipart uploads (`multipart/related`)
/// and batch requests and responses (`multipart/mixed`), in the runtime and the emulator.
package enum MultipartBody {
    package struct Part: Sendable {
        package var headers: GoogleHTTPHeaders
        package var body: Data

        package init(headers: GoogleHTTPHeaders, body: Data) {
            self.headers = headers
            self.body = body
        }
    }

    /// The `boundary` parameter of a multipart `Content-Type`.
    package static func boundary(fromContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Splits `data` into parts; `nil` when the framing is broken (no delimiter, a part without
    /// headers, or, when `requiresClosingDelimiter`, no `--boundary--` at the end).
    package static func parse(_ data: Data, boundary: String, requiresClosingDelimiter: Bool = true) -> [Part]? {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [Part] = []
        guard var cursor = data.range(of: delimiter)?.upperBound else { return nil }
        while true {
            // After a delimiter: `--` closes the body, otherwise the rest of the line is padding.
            if data[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard let lineEnd = data.range(of: Data("\n".utf8), in: cursor..<data.endIndex) else {
                return requiresClosingDelimiter ? nil : parts
            }
            let partStart = lineEnd.upperBound
            let next = data.range(of: delimiter, in: partStart..<data.endIndex)
            if next == nil, requiresClosingDelimiter { return nil }
            var partEnd = next?.lowerBound ?? data.endIndex
            if partEnd > partStart, data[partEnd - 1] == 0x0A { partEnd -= 1 }
            if partEnd > partStart, data[partEnd - 1] == 0x0D { partEnd -= 1 }
            guard let part = parsePart(data[partStart..<max(partStart, partEnd)]) else { return nil }
            parts.append(part)
            guard let next else { return parts }
            cursor = next.upperBound
        }
    }

    /// Header lines, an empty line, then the body.
    package static func parsePart(_ data: Data) -> Part? {
        HTTPHeadParser.parseHeaderBlock(data).map { Part(headers: $0.headers, body: $0.body) }
    }

    /// Writes parts with `boundary`.
    package static func serialize(_ parts: [Part], boundary: String) -> Data {
        var output = Data()
        for part in parts {
            output.append(Data("--\(boundary)\r\n".utf8))
            for field in part.headers { output.append(Data("\(field.name): \(field.value)\r\n".utf8)) }
            output.append(Data("\r\n".utf8))
            output.append(part.body)
            output.append(Data("\r\n".utf8))
        }
        output.append(Data("--\(boundary)--\r\n".utf8))
        return output
    }
}
