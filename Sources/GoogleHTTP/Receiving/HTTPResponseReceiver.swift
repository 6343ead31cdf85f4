import Foundation
import GoogleHTTPTypes

// MARK: - HTTPResponseReceiver

/// The checks every transport applies to a response as it arrives, so that the package's
/// guarantees hold whichever transport runs: at most ``HTTPResponseLimits/maxHeaderFields`` fields
/// and ``HTTPResponseLimits/maxHeaderBlockBytes`` in a head, `Content-Length` framing (RFC 9112
/// §6.3), a body limit counted after decompression (a gzip bomb stops at the limit), and an
/// error body cut at its limit instead of read to the end.
///
/// A transport feeds it the head line by line (libcurl's header callback; URLSession's parsed
/// head, one field at a time) and asks it how much of each body chunk to keep. It is a value
/// stored inside the transport's per-request object, so feeding it allocates nothing beyond the
/// head's bytes; a refusal is kept in ``refusal`` for the transport to report when it stops.
struct HTTPResponseReceiver {
    let url: URL
    /// The most body bytes kept for a success; `Int.max` when the body is not held in memory.
    let bodyLimit: Int
    /// The most body bytes kept for an error status (400 and above).
    let errorBodyLimit: Int
    /// Whether the transport decodes a compressed body, making `Content-Encoding` and
    /// `Content-Length` stale.
    var decodesBody = false

    /// The current head's status code (0 before a status line).
    private(set) var status = 0
    /// The current header block's field lines as received (each without its line break, followed
    /// by a 0x0A): the header callback, which runs for every line on the transfer thread with the
    /// multi lock held, only appends here, and ``headers`` builds the list when it is asked for —
    /// for a buffered response, on the caller's thread after the transfer. Building it in the
    /// callback (two strings and an append per field) held the lock long enough to cost
    /// concurrent callers 6 % of their rate.
    private var headerBlock: [UInt8] = []
    /// The block's `Content-Length` so far, and whether one of its fields made it not a length
    /// (``GoogleHTTPTypes/GoogleHTTPHeaders/accumulateContentLength(_:into:)``).
    private var contentLengthSoFar: Int64?
    private var contentLengthInvalid = false
    /// Set at the end of a head whose body is decoded: ``headers`` then leaves out
    /// `Content-Encoding` and `Content-Length`, which describe the encoded bytes.
    private var dropsEncodingHeaders = false
    /// The body's announced length, when it is one and describes the bytes delivered.
    private(set) var expectedBodyLength: Int?
    /// Whether the current header block has a `Content-Encoding` field.
    private var hasContentEncoding = false
    /// The last `Content-Encoding` value seen (kept for error messages after it is removed).
    private(set) var contentEncoding: String?
    /// Fields and bytes of the current header block (see ``HTTPResponseLimits``).
    private var headerFieldCount = 0
    private var headerBlockBytes = 0
    /// Whether a final (non-1xx) header block has ended, so failures are about the body.
    private(set) var hasFinalHead = false
    /// Body bytes kept so far.
    private(set) var bodyBytes = 0
    /// Set when an error body reached ``errorBodyLimit`` and the rest was refused on purpose:
    /// the transfer then succeeds with what was kept.
    private(set) var errorBodyTruncated = false
    /// Why the response was refused, once it was.
    private(set) var refusal: HTTPTransportError?

    init(url: URL, bodyLimit: Int, errorBodyLimit: Int) {
        self.url = url
        self.bodyLimit = max(0, bodyLimit)
        self.errorBodyLimit = max(0, errorBodyLimit)
    }

    // MARK: - Head

    /// What a header line was.
    enum HeadLine {
        /// A status line or a field, accepted.
        case accepted
        /// The blank line that ends a header block, accepted: ``status`` and ``headers`` describe it.
        case endOfHead
        /// Refused; ``refusal`` says why.
        case refused
    }

    /// Takes one line of a head as received, line break included or not.
    mutating func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> HeadLine {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        if line.isEmpty {
            return endHead() ? .endOfHead : .refused
        } else if line.starts(with: "HTTP/".utf8) {
            beginHead(status: Self.parseStatus(line), lineBytes: bytes.count)
            return .accepted
        }
        return receiveField(line, lineBytes: bytes.count) ? .accepted : .refused
    }

    /// Starts a header block; a new one (after a 1xx or a followed redirect) replaces the previous.
    /// - Parameter lineBytes: The status line's size, counted towards the block's limit.
    mutating func beginHead(status: Int, lineBytes: Int = 0) {
        self.status = status
        if headerBlock.capacity == 0 { headerBlock.reserveCapacity(512) }
        headerBlock.removeAll(keepingCapacity: true)
        contentLengthInvalid = false
        contentLengthSoFar = nil
        dropsEncodingHeaders = false
        expectedBodyLength = nil
        hasContentEncoding = false
        headerFieldCount = 0
        headerBlockBytes = lineBytes
        hasFinalHead = false
    }

    /// Takes one field line (`name: value`, without its line break); `false` refuses the response.
    /// - Parameter lineBytes: The line's size as received, counted towards the block's limit.
    mutating func receiveField(_ line: UnsafeRawBufferPointer, lineBytes: Int) -> Bool {
        headerFieldCount += 1
        headerBlockBytes += lineBytes
        if headerFieldCount > HTTPResponseLimits.maxHeaderFields || headerBlockBytes > HTTPResponseLimits.maxHeaderBlockBytes {
            let what =
                headerFieldCount > HTTPResponseLimits.maxHeaderFields
                ? "more than \(HTTPResponseLimits.maxHeaderFields) header fields"
                : "more than \(HTTPResponseLimits.describe(bytes: HTTPResponseLimits.maxHeaderBlockBytes)) of header fields"
            refusal = HTTPTransportError(kind: .invalidResponse, url: url, message: "the response has too many headers (\(what))")
            return false
        }
        headerBlock.append(contentsOf: line)
        headerBlock.append(0x0A)
        if let (name, value) = Self.field(line) {
            if Self.isName(name, "content-length") {
                if !contentLengthInvalid, !GoogleHTTPHeaders.accumulateContentLength(value, into: &contentLengthSoFar) {
                    contentLengthInvalid = true
                }
                expectedBodyLength = contentLengthInvalid ? nil : contentLengthSoFar.map { Int($0) }
            } else if Self.isName(name, "content-encoding") {
                hasContentEncoding = true
                contentEncoding = String(String(decoding: value, as: UTF8.self).prefix(40))
            }
        }
        return true
    }

    /// Takes one field given by name and value (a head another stack parsed); `false` refuses the
    /// response.
    mutating func receiveField(name: String, value: String) -> Bool {
        var line = Array(name.utf8)
        line.append(contentsOf: ": ".utf8)
        line.append(contentsOf: value.utf8)
        return line.withUnsafeBytes { receiveField($0, lineBytes: $0.count + 2) }
    }

    /// Ends a header block; `false` refuses a response whose framing is ambiguous.
    mutating func endHead() -> Bool {
        if let failure = framingFailure() {
            refusal = failure
            return false
        }
        if status >= 200 { hasFinalHead = true }
        if decodesBody, hasContentEncoding {
            // The caller gets the decoded bytes, which these no longer describe (Go's net/http
            // drops them too).
            dropsEncodingHeaders = true
            expectedBodyLength = nil
        }
        return true
    }

    /// The current header block's fields, in order (see ``headerBlock``).
    var headers: GoogleHTTPHeaders {
        headerBlock.withUnsafeBytes { block in
            var headers = GoogleHTTPHeaders(capacity: 16)
            var start = 0
            while start < block.count {
                let end = block[start...].firstIndex(of: 0x0A) ?? block.count
                if let (name, value) = Self.field(UnsafeRawBufferPointer(rebasing: block[start..<end])),
                    !dropsEncodingHeaders || !(Self.isName(name, "content-encoding") || Self.isName(name, "content-length"))
                {
                    headers.add(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
                }
                start = end + 1
            }
            return headers
        }
    }

    // MARK: - Body

    /// How many of `count` newly arrived body bytes to keep: all of them while they fit. Past the
    /// limit an error body keeps what fits and ends there (``errorBodyTruncated``; the transport
    /// stops reading and the response succeeds with that much), and any other body is refused
    /// (``refusal``; the transport stops the transfer).
    @inline(__always)
    mutating func admitBody(_ count: Int) -> Int {
        let room = (status >= 400 ? min(bodyLimit, errorBodyLimit) : bodyLimit) - bodyBytes
        guard count > room else {
            bodyBytes += count
            return count
        }
        return refuseBody(keeping: room)
    }

    private mutating func refuseBody(keeping room: Int) -> Int {
        if status >= 400 {
            errorBodyTruncated = true
            bodyBytes += max(0, room)
            return max(0, room)
        }
        refusal = HTTPTransportError(
            kind: .responseTooLarge, url: url,
            message: "the response body passed the limit of \(bodyLimit) bytes (\(HTTPResponseLimits.describe(bytes: bodyLimit)), "
                + "counted after decompression), so the transfer was stopped; a larger limit can be set with "
                + "GoogleHTTPRequest.maxResponseBodyBytes or HTTPTransportConfiguration.maxResponseBodyBytes",
            limit: bodyLimit)
        return 0
    }

    /// Records a refusal that another layer found (a transport's own check of the same rules).
    mutating func refuse(_ failure: HTTPTransportError) {
        refusal = failure
    }

    // MARK: - Parsing

    /// A field line's name and its value without surrounding blanks; `nil` for a line without a
    /// colon (which is not a field and is left out).
    private static func field(_ line: UnsafeRawBufferPointer) -> (name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var valueStart = colon + 1
        while valueStart < line.count, line[valueStart] == 0x20 || line[valueStart] == 0x09 { valueStart += 1 }
        var valueEnd = line.count
        while valueEnd > valueStart, line[valueEnd - 1] == 0x20 || line[valueEnd - 1] == 0x09 { valueEnd -= 1 }
        return (UnsafeRawBufferPointer(rebasing: line[..<colon]), UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd]))
    }

    /// RFC 9112 §6.3: differing `Content-Length` values, or one that is not a plain decimal, make
    /// the message's length unknowable; libcurl 7.88 would take the last (or the leading digits).
    private func framingFailure() -> HTTPTransportError? {
        // Checked for every response: the common valid length costs no allocation.
        guard contentLengthInvalid else { return nil }
        let values = headers.values(for: "Content-Length")
        let shown = values.map { "\"\(String($0.prefix(40)))\"" }.joined(separator: ", ")
        let distinct = Set(values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) })
        let message =
            distinct.count > 1
            ? "the response has conflicting Content-Length values (\(shown))"
            : "the response's Content-Length \(shown) is not a decimal byte count"
        return HTTPTransportError(kind: .invalidResponse, url: url, message: message)
    }

    /// Whether a header name is `lowercased`, ignoring ASCII case. Compares raw bytes: this runs
    /// for every header line on the curl thread, and most names differ in length, which costs
    /// nothing to check.
    static func isName(_ name: UnsafeRawBufferPointer, _ expected: StaticString) -> Bool {
        guard name.count == expected.utf8CodeUnitCount else { return false }
        let lowered = expected.utf8Start
        for index in 0..<name.count {
            let byte = name[index]
            // Only letters fold; "-" has no other case.
            let folded = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if folded != lowered[index] { return false }
        }
        return true
    }

    private static func parseStatus(_ line: UnsafeRawBufferPointer) -> Int {
        guard let space = line.firstIndex(of: 0x20) else { return 0 }
        var code = 0
        var index = space + 1
        while index < line.count, index < space + 4, (0x30...0x39).contains(line[index]) {
            code = code * 10 + Int(line[index] - 0x30)
            index += 1
        }
        return code
    }
}
