import Foundation
import GoogleHTTP

// MARK: - MultipartBody

/// Parses and writes MIME multipart bodies (RFC 2046), as used by multipart uploads
/// (`multipart/related`) and batch requests (`multipart/mixed`).
enum MultipartBody {
    struct Part: Sendable {
        var headers: HTTPHeaders
        var body: Data
    }

    /// The `boundary` parameter of a multipart `Content-Type`.
    static func boundary(fromContentType contentType: String?) -> String? {
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

    /// Splits `data` into parts; `nil` when the framing is broken (no closing delimiter, etc.).
    static func parse(_ data: Data, boundary: String) -> [Part]? {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [Part] = []
        guard var cursor = data.range(of: delimiter)?.upperBound else { return nil }
        while true {
            // After a delimiter: `--` closes the body, otherwise the rest of the line is padding.
            if data[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard let lineEnd = data.range(of: Data("\n".utf8), in: cursor..<data.endIndex) else { return nil }
            let partStart = lineEnd.upperBound
            guard let next = data.range(of: delimiter, in: partStart..<data.endIndex) else { return nil }
            var partEnd = next.lowerBound
            if partEnd > partStart, data[partEnd - 1] == 0x0A { partEnd -= 1 }
            if partEnd > partStart, data[partEnd - 1] == 0x0D { partEnd -= 1 }
            guard let part = parsePart(data[partStart..<max(partStart, partEnd)]) else { return nil }
            parts.append(part)
            cursor = next.upperBound
        }
    }

    /// Header lines, an empty line, then the body.
    static func parsePart(_ data: Data) -> Part? {
        var headers = HTTPHeaders()
        var index = data.startIndex
        while index < data.endIndex {
            // A last header line without a newline ends the headers (lenient, as servers are).
            let newline = data[index...].firstIndex(of: 0x0A) ?? data.endIndex
            var lineEnd = newline
            if lineEnd > index, data[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = String(decoding: data[index..<lineEnd], as: UTF8.self)
            index = min(newline + 1, data.endIndex)
            if line.isEmpty { return Part(headers: headers, body: Data(data[index...])) }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.add(
                name: line[..<colon].trimmingCharacters(in: .whitespaces),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        // Headers only, no body.
        return Part(headers: headers, body: Data())
    }

    /// Writes parts with `boundary`.
    static func serialize(_ parts: [Part], boundary: String) -> Data {
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
