internal import CCurl
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - C callbacks

// libcurl calls these under the loop's multi lock (on the loop thread, or on a task's thread that
// started a request) with the transfer as userdata. They must not capture
// anything, so each one only recovers the transfer and forwards to it.

func curlWriteCallback(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let userdata else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
    let transfer = CurlTransfer.from(userdata)
    transfer.loop.receivedInRound = true
    let accepted = transfer.receiveBody(bytes)
    if accepted > 0 { transfer.stallWatch?.record(accepted) { transfer.loop.roundStartedAt } }
    return accepted
}

func curlHeaderCallback(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let userdata else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: buffer, count: size * count)
    let transfer = CurlTransfer.from(userdata)
    transfer.loop.receivedInRound = true
    // Anything but the full count makes curl abort with CURLE_WRITE_ERROR, which `complete`
    // reports as the `localFailure` set here.
    guard transfer.receiveHeaderLine(bytes) else { return 0 }
    transfer.stallWatch?.record(bytes.count) { transfer.loop.roundStartedAt }
    return size * count
}

func curlReadCallback(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let userdata, let buffer else { return ccurl_readfunc_abort }
    return CurlTransfer.from(userdata).sendBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
}

func curlSeekCallback(_ userdata: UnsafeMutableRawPointer?, _ offset: curl_off_t, _ origin: Int32) -> Int32 {
    guard let userdata, origin == SEEK_SET, let body = CurlTransfer.from(userdata).requestBody else {
        return ccurl_seekfunc_cantseek
    }
    return body.rewind(to: Int64(offset)) ? ccurl_seekfunc_ok : ccurl_seekfunc_cantseek
}

func curlProgressCallback(
    _ userdata: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t, _ downloaded: curl_off_t,
    _ uploadTotal: curl_off_t, _ uploaded: curl_off_t
) -> Int32 {
    guard let userdata else { return 0 }
    let transfer = CurlTransfer.from(userdata)
    transfer.progress?(
        HTTPProgress(
            bytesSent: Int64(uploaded),
            totalBytesToSend: uploadTotal > 0 ? Int64(uploadTotal) : transfer.requestBody?.knownLength,
            bytesReceived: Int64(downloaded),
            totalBytesToReceive: downloadTotal > 0 ? Int64(downloadTotal) : nil))
    return 0
}

// MARK: - Body and header handling (multi lock)

extension CurlTransfer {
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        switch sink {
        case .buffer:
            let room = (status >= 400 ? min(bodyLimit, errorBodyLimit) : bodyLimit) - body.count
            guard bytes.count <= room else { return refuseBody(bytes, keeping: room) }
            if body.isEmpty, let expectedBodyLength {
                // One allocation of the right size instead of repeated doubling (never beyond
                // the limit: a hostile Content-Length must not allocate).
                body.reserveCapacity(min(expectedBodyLength, bodyLimit))
            }
            if let base = bytes.baseAddress {
                body.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
            return bytes.count
        case .file(let descriptor):
            if status >= 400, bytesWrittenToFile + bytes.count > errorBodyLimit {
                let kept = UnsafeRawBufferPointer(rebasing: bytes[0..<max(0, errorBodyLimit - bytesWrittenToFile)])
                if writeFully(kept, to: descriptor) == kept.count { errorBodyTruncated = true }
                return 0
            }
            let written = writeFully(bytes, to: descriptor)
            bytesWrittenToFile += written
            return written
        case .stream(let channel):
            deliverHeadIfNeeded()
            switch channel.offer(bytes) {
            case .taken:
                return bytes.count
            case .takenFlushAfterRound:
                loop.flushAfterRound(channel)
                return bytes.count
            case .full:
                recvPaused = true
                return ccurl_writefunc_pause
            }
        }
    }

    /// Stops a `.buffer` body that does not fit: an error body keeps its first `room` bytes and
    /// ends there (the transfer succeeds with them); any other body fails the transfer.
    private func refuseBody(_ bytes: UnsafeRawBufferPointer, keeping room: Int) -> Int {
        if status >= 400 {
            if room > 0, let base = bytes.baseAddress {
                body.append(base.assumingMemoryBound(to: UInt8.self), count: room)
            }
            errorBodyTruncated = true
            return 0
        }
        localFailure = HTTPTransportError(
            kind: .responseTooLarge, url: url,
            message: "the response body passed the limit of \(bodyLimit) bytes (\(CurlResponseLimits.describe(bytes: bodyLimit)), "
                + "counted after decompression), so the transfer was stopped; a larger limit can be set with "
                + "GoogleHTTPRequest.maxResponseBodyBytes or CurlTransport.Configuration.maxResponseBodyBytes",
            limit: bodyLimit)
        return 0
    }

    private func writeFully(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int {
        var written = 0
        while written < bytes.count {
            let result = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                localFailure = HTTPTransportError(
                    kind: .responseBodyFailed, url: url, message: "writing the response body failed: \(reason)")
                return 0
            }
            written += result
        }
        return bytes.count
    }

    func sendBody(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let requestBody else { return 0 }
        switch requestBody.read(into: buffer) {
        case .bytes(let count):
            stallWatch?.record(count) { loop.roundStartedAt }
            return count
        case .wait:
            sendPaused = true
            return ccurl_readfunc_pause
        case .failed(let message):
            localFailure = HTTPTransportError(kind: .requestBodyFailed, url: url, message: message)
            return ccurl_readfunc_abort
        }
    }

    /// Takes one header line; `false` refuses the response (``localFailure`` says why).
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        if line.isEmpty {
            return finishHeaderBlock()
        } else if line.starts(with: "HTTP/".utf8) {
            // A new block (after a 1xx or a followed redirect) replaces the previous one.
            status = Self.parseStatus(line)
            if headerBlock.capacity == 0 { headerBlock.reserveCapacity(512) }
            headerBlock.removeAll(keepingCapacity: true)
            contentLengthInvalid = false
            contentLengthSoFar = nil
            dropsEncodingHeaders = false
            expectedBodyLength = nil
            hasContentEncoding = false
            headerFieldCount = 0
            headerBlockBytes = bytes.count
            hasFinalHead = false
            return true
        }
        headerFieldCount += 1
        headerBlockBytes += bytes.count
        if headerFieldCount > CurlResponseLimits.maxHeaderFields || headerBlockBytes > CurlResponseLimits.maxHeaderBlockBytes {
            let what =
                headerFieldCount > CurlResponseLimits.maxHeaderFields
                ? "more than \(CurlResponseLimits.maxHeaderFields) header fields"
                : "more than \(CurlResponseLimits.describe(bytes: CurlResponseLimits.maxHeaderBlockBytes)) of header fields"
            localFailure = HTTPTransportError(kind: .invalidResponse, url: url, message: "the response has too many headers (\(what))")
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

    /// Ends a header block; `false` refuses a response whose framing is ambiguous.
    private func finishHeaderBlock() -> Bool {
        if let failure = framingFailure() {
            localFailure = failure
            return false
        }
        // Plain http through a proxy has no CONNECT: the proxy's 407 arrives as the response.
        if status == 407, let proxy = CurlProxyEnvironment.proxy(for: url, environment: ProcessInfo.processInfo.environment) {
            localFailure = HTTPTransportError(
                kind: .proxyAuthenticationRequired, url: url, message: CurlProxyEnvironment.authenticationRequired(proxy.phrase))
            return false
        }
        if status >= 200 { hasFinalHead = true }
        if decodesBody, hasContentEncoding {
            // The caller gets the decoded bytes, which these no longer describe (Go's net/http
            // drops them too).
            dropsEncodingHeaders = true
            expectedBodyLength = nil
        }
        guard case .stream = sink, status >= 200 else { return true }
        let willFollow = isFollowingRedirects && (300..<400).contains(status) && headers.contains("Location")
        if !willFollow {
            deliverHeadIfNeeded()
        }
        return true
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
    private static func isName(_ name: UnsafeRawBufferPointer, _ expected: StaticString) -> Bool {
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
