import Foundation
import GoogleHTTPTypes

// MARK: - ResponseWriter

/// Puts one ``HTTPServerResponse`` on the wire: framing, HEAD, file and stream bodies, or
/// nothing at all (``HTTPServerResponse/dropConnection``).
struct ResponseWriter {
    let socket: SocketConnection
    private static let filePieceSize = 256 * 1024

    /// - Returns: whether the connection may carry another request.
    func write(_ response: HTTPServerResponse, requestMethod: GoogleHTTPMethod, minorVersion: Int, keepAlive: Bool) -> Bool {
        if response.dropsConnection { return false }

        var response = response
        var keepAlive = keepAlive
        let source: BodySource
        switch BodySource.make(for: response.body, headers: response.headers) {
        case .success(let made):
            source = made
        case .failure(let message):
            response = .text("Internal Server Error: \(message)\n", status: 500)
            source = .data(response.bodyData)
        }

        let sendsNoBody =
            requestMethod == .head || (100..<200).contains(response.status)
            || response.status == 204 || response.status == 304
        var headers = response.headers
        headers.remove(name: "Transfer-Encoding")
        if headers.values(for: "Connection").contains(where: { $0.lowercased().contains("close") }) {
            keepAlive = false
        }
        headers.remove(name: "Connection")

        var chunked = false
        if let length = source.length {
            if response.status != 204 && !(100..<200).contains(response.status) {
                headers["Content-Length"] = String(length)
            }
        } else if !sendsNoBody {
            if minorVersion >= 1 {
                chunked = true
                headers["Transfer-Encoding"] = "chunked"
            } else {
                // HTTP/1.0 has no chunking: the end of the body is the end of the connection.
                keepAlive = false
            }
        }
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        } else if minorVersion == 0 {
            headers.add(name: "Connection", value: "keep-alive")
        }

        var head = "HTTP/1.1 \(response.status) \(HTTPStatusReason.phrase(for: response.status))\r\n"
        for field in headers {
            head += "\(field.name): \(Self.sanitized(field.value))\r\n"
        }
        head += "\r\n"

        do {
            if sendsNoBody {
                try socket.write(head)
                return keepAlive
            }
            if case .data(let data) = source {
                // One write for head and body keeps small responses to a single segment.
                var whole = Data(head.utf8)
                whole.append(data)
                try socket.write(whole)
                return keepAlive
            }
            try socket.write(head)
            let completed = try writeBody(source, chunked: chunked)
            return completed && keepAlive
        } catch {
            return false
        }
    }

    // MARK: - Body

    /// - Returns: `false` when the body was cut short (a failing or short stream, an unreadable
    ///   file): the connection must then close, the only signal left that the body is incomplete.
    private func writeBody(_ source: BodySource, chunked: Bool) throws(SocketError) -> Bool {
        var declaredRemaining = source.length
        while true {
            let next: Data?
            switch source.nextPiece() {
            case .success(let piece): next = piece
            case .failure: return false
            }
            guard var piece = next else { break }
            if piece.isEmpty { continue }
            if let remaining = declaredRemaining {
                // A stream that produces more than its declared length is cut at the length.
                if Int64(piece.count) > remaining { piece = piece.prefix(Int(remaining)) }
                declaredRemaining = remaining - Int64(piece.count)
            }
            if !piece.isEmpty { try writeFramed(piece, chunked: chunked) }
            if declaredRemaining == 0 { break }
        }
        if let declaredRemaining, declaredRemaining > 0 {
            // Fewer bytes than promised: the only honest signal left is closing the connection.
            return false
        }
        if chunked { try socket.write("0\r\n\r\n") }
        return true
    }

    private func writeFramed(_ piece: Data, chunked: Bool) throws(SocketError) {
        if chunked {
            var framed = Data(String(piece.count, radix: 16).utf8)
            framed.append(contentsOf: [0x0D, 0x0A])
            framed.append(piece)
            framed.append(contentsOf: [0x0D, 0x0A])
            try socket.write(framed)
        } else {
            try socket.write(piece)
        }
    }

    // MARK: - Helpers

    /// Header values must not smuggle line breaks into the head.
    private static func sanitized(_ value: String) -> String {
        guard value.contains(where: { $0 == "\r" || $0 == "\n" }) else { return value }
        return value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }
}

// MARK: - HTTPServerResponse body bytes

extension HTTPServerResponse {
    /// The bytes of a `.data` body; empty otherwise.
    fileprivate var bodyData: Data {
        if case .data(let data) = body { return data }
        return Data()
    }
}
