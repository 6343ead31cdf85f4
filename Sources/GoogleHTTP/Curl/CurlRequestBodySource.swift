#if canImport(CCurl)
internal import CCurl
import Foundation
import GoogleBase
import GoogleHTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CurlRequestBodySource

/// Feeds a request body to curl's read callback, from memory, a file descriptor or an upload
/// channel. Used only under the loop's multi lock once the transfer is submitted.
final class CurlRequestBodySource {
    enum ReadResult {
        case bytes(Int)
        case wait
        case failed(String)
    }

    private enum Storage {
        case data(Data, position: Int)
        case file(descriptor: Int32, start: Int64, length: Int64?, sent: Int64)
        case stream(CurlUploadChannel)
    }

    private var storage: Storage
    let knownLength: Int64?

    private init(storage: Storage, knownLength: Int64?) {
        self.storage = storage
        self.knownLength = knownLength
    }

    /// - Throws: ``HTTPTransportError`` of kind `.requestBodyFailed` when a file cannot be opened.
    static func make(for body: HTTPRequestBody, url: URL, transfer: CurlTransfer) throws(HTTPTransportError) -> CurlRequestBodySource {
        switch body {
        case .empty:
            return CurlRequestBodySource(storage: .data(Data(), position: 0), knownLength: 0)
        case .data(let data):
            return CurlRequestBodySource(storage: .data(data, position: 0), knownLength: Int64(data.count))
        case .file(let fileURL, let offset, let length):
            let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                throw HTTPTransportError(kind: .requestBodyFailed, url: url, message: "cannot open the request body file: \(reason)")
            }
            guard offset >= 0, lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
                SystemCall.close(descriptor)
                throw HTTPTransportError(kind: .requestBodyFailed, url: url, message: "cannot seek the request body file to \(offset)")
            }
            return CurlRequestBodySource(
                storage: .file(descriptor: descriptor, start: offset, length: length, sent: 0),
                knownLength: body.knownLength)
        case .stream(let chunks, let length):
            let channel = CurlUploadChannel(chunks: chunks, expectedLength: length, transfer: transfer, limit: transfer.bufferLimit)
            return CurlRequestBodySource(storage: .stream(channel), knownLength: length)
        }
    }

    /// Whether the body is in memory, so reading it never blocks or waits for a producer.
    var isInMemory: Bool {
        if case .data = storage { return true }
        return false
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        switch storage {
        case .data(let data, let position):
            let count = min(buffer.count, data.count - position)
            guard count > 0 else { return .bytes(0) }
            data.withUnsafeBytes { bytes in
                buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + position, byteCount: count)
            }
            storage = .data(data, position: position + count)
            return .bytes(count)
        case .file(let descriptor, let start, let length, let sent):
            let wanted = length.map { min(Int64(buffer.count), $0 - sent) } ?? Int64(buffer.count)
            guard wanted > 0 else { return .bytes(0) }
            var result: Int
            repeat {
                result = SystemCall.read(descriptor, buffer.baseAddress, Int(wanted))
            } while result < 0 && errno == EINTR
            if result < 0 {
                return .failed("reading the request body file failed: \(String(cString: strerror(errno)))")
            }
            if result == 0, length != nil {
                return .failed("the request body file ended \(wanted) bytes early")
            }
            storage = .file(descriptor: descriptor, start: start, length: length, sent: sent + Int64(result))
            return .bytes(result)
        case .stream(let channel):
            return channel.read(into: buffer)
        }
    }

    /// Seeks back (curl rewinds after a redirect or an auth retry). Streams cannot.
    func rewind(to offset: Int64) -> Bool {
        switch storage {
        case .data(let data, _):
            guard offset >= 0, offset <= Int64(data.count) else { return false }
            storage = .data(data, position: Int(offset))
            return true
        case .file(let descriptor, let start, let length, _):
            guard offset >= 0, lseek(descriptor, off_t(start + offset), SEEK_SET) >= 0 else { return false }
            storage = .file(descriptor: descriptor, start: start, length: length, sent: offset)
            return true
        case .stream:
            return false
        }
    }

    func close() {
        switch storage {
        case .data:
            storage = .data(Data(), position: 0)
        case .file(let descriptor, _, _, _):
            if descriptor >= 0 { SystemCall.close(descriptor) }
            storage = .file(descriptor: -1, start: 0, length: 0, sent: 0)
        case .stream(let channel):
            channel.close()
        }
    }
}
#endif
