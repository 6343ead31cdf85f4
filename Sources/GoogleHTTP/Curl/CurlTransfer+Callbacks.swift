#if canImport(CCurl)
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
            let kept = response.admitBody(bytes.count)
            if body.isEmpty, let expectedBodyLength = response.expectedBodyLength {
                // One allocation of the right size instead of repeated doubling (never beyond
                // the limit: a hostile Content-Length must not allocate).
                body.reserveCapacity(min(expectedBodyLength, response.bodyLimit))
            }
            if kept > 0, let base = bytes.baseAddress {
                body.append(base.assumingMemoryBound(to: UInt8.self), count: kept)
            }
            // Anything short of the whole chunk stops the transfer: an error body cut at its
            // limit, or a body past the limit (`response.refusal` says so).
            return kept == bytes.count ? kept : 0
        case .file(let descriptor):
            let kept = response.admitBody(bytes.count)
            let written = writeFully(UnsafeRawBufferPointer(rebasing: bytes[0..<kept]), to: descriptor)
            return kept == bytes.count ? written : 0
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

    /// Takes one header line; `false` refuses the response (``HTTPResponseReceiver/refusal`` or
    /// ``localFailure`` says why).
    func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch response.receiveHeaderLine(bytes) {
        case .accepted: return true
        case .refused: return false
        case .endOfHead: return finishHeaderBlock()
        }
    }

    /// Ends a header block the receiver accepted; `false` refuses a proxy's answer.
    private func finishHeaderBlock() -> Bool {
        let status = response.status
        // Plain http through a proxy has no CONNECT: the proxy's 407 arrives as the response.
        if status == 407,
            let proxy = CurlProxyEnvironment.proxy(
                for: url, configured: loop.pool.configuration.proxy, environment: ProcessInfo.processInfo.environment)
        {
            localFailure = HTTPTransportError(
                kind: .proxyAuthenticationRequired, url: url, message: CurlProxyEnvironment.authenticationRequired(proxy.phrase))
            return false
        }
        guard case .stream = sink, status >= 200 else { return true }
        let willFollow = isFollowingRedirects && (300..<400).contains(status) && response.headers.contains("Location")
        if !willFollow {
            deliverHeadIfNeeded()
        }
        return true
    }
}
#endif
