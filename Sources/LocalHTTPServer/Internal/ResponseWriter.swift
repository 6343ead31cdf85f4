import Foundation
import GoogleHTTPTypes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ResponseWriter

/// Puts one ``HTTPServerResponse`` on the wire: framing, HEAD, file and stream bodies, faults.
struct ResponseWriter {
    let socket: SocketConnection
    private static let filePieceSize = 256 * 1024

    /// - Returns: whether the connection may carry another request.
    func write(_ response: HTTPServerResponse, requestMethod: HTTPMethod, minorVersion: Int, keepAlive: Bool) -> Bool {
        if response.fault == .closeWithoutResponse { return false }
        if case .delayHead(let delay) = response.fault { Self.sleep(delay) }

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

        let sendsNoBody = requestMethod == .head || (100..<200).contains(response.status)
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
            if case .data(let data) = source, response.fault == nil {
                // One write for head and body keeps small responses to a single segment.
                var whole = Data(head.utf8)
                whole.append(data)
                try socket.write(whole)
                return keepAlive
            }
            try socket.write(head)
            let completed = try writeBody(source, chunked: chunked, fault: response.fault)
            return completed && keepAlive
        } catch {
            return false
        }
    }

    // MARK: - Body

    /// - Returns: `false` when the body was cut short (a fault or a failing stream).
    private func writeBody(_ source: BodySource, chunked: Bool, fault: HTTPServerResponse.Fault?) throws(SocketError) -> Bool {
        var remainingBeforeClose: Int64? = nil
        var pacing: (chunkSize: Int, delay: Duration)? = nil
        switch fault {
        case .closeAfterBodyBytes(let count): remainingBeforeClose = Int64(max(0, count))
        case .slowBody(let chunkSize, let delay): pacing = (max(1, chunkSize), delay)
        default: break
        }

        var sentPieces = 0
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
            var slices: [Data] = [piece]
            if let pacing {
                slices = stride(from: 0, to: piece.count, by: pacing.chunkSize).map {
                    piece.subdata(in: (piece.startIndex + $0)..<(piece.startIndex + min($0 + pacing.chunkSize, piece.count)))
                }
            }
            for slice in slices {
                var slice = slice
                var cut = false
                if let remaining = remainingBeforeClose, Int64(slice.count) >= remaining {
                    slice = slice.prefix(Int(remaining))
                    cut = true
                }
                if let pacing, sentPieces > 0 { Self.sleep(pacing.delay) }
                if !slice.isEmpty {
                    try writeFramed(slice, chunked: chunked)
                    sentPieces += 1
                }
                if cut { return false }
                remainingBeforeClose = remainingBeforeClose.map { $0 - Int64(slice.count) }
            }
            if declaredRemaining == 0 { break }
        }
        if let declaredRemaining, declaredRemaining > 0 {
            // Fewer bytes than promised: the only honest signal left is closing the connection.
            return false
        }
        if remainingBeforeClose == 0 { return false }
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

    static func sleep(_ duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
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
