import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - URLSessionBodySource

/// A request body that is not in memory (a file, or a stream of chunks), read by URLSession's own
/// thread through an `InputStream`, which blocks that thread (never a cooperative one) until the
/// next bytes are there.
///
/// A stream is pulled by a task that keeps at most `readAhead` bytes waiting and then parks
/// (suspended, not blocking) until the upload has taken them: a slow network holds the producer
/// back. A file is read on URLSession's thread, a buffer at a time, from `offset` for `length`.
final class URLSessionBodySource: @unchecked Sendable {
    private struct State {
        var pending = Data()
        var finished = false
        var failure: String?
        var producerWaiting: UnsafeContinuation<Void, Never>?
        var cancelled = false
    }

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var state = State()
    private let readAhead: Int
    private let file: FileHandle?
    /// Bytes of the file still to send; `nil` up to its end.
    private var fileRemaining: Int64?
    private let stream: HTTPBodyStream?
    private var producer: Task<Void, Never>?
    /// How many bytes went out, for progress.
    private(set) var bytesRead: Int64 = 0

    init(file url: URL, offset: Int64, length: Int64?, requestURL: URL) throws(HTTPTransportError) {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            try handle.seek(toOffset: UInt64(max(0, offset)))
            self.file = handle
        } catch {
            throw HTTPTransportError(kind: .requestBodyFailed, url: requestURL, message: "cannot read \(url.path): \(error)")
        }
        self.fileRemaining = length
        self.stream = nil
        self.readAhead = 0
    }

    init(stream: HTTPBodyStream, readAhead: Int, requestURL: URL) {
        self.stream = stream
        self.file = nil
        self.readAhead = max(16 << 10, readAhead)
    }

    /// Why the body could not be read, once it could not.
    var failure: String? {
        condition.lock()
        defer { condition.unlock() }
        return state.failure
    }

    // MARK: - Producing (a task, for streams)

    private func startProducerIfNeeded() {
        guard let stream, producer == nil else { return }
        producer = Task { [self] in
            do {
                for try await chunk in stream {
                    if Task.isCancelled { break }
                    guard !chunk.isEmpty else { continue }
                    await offer(chunk)
                }
                end(failure: nil)
            } catch {
                end(failure: "the request body stream failed: \(error)")
            }
        }
    }

    private func offer(_ chunk: Data) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            condition.lock()
            state.pending.append(chunk)
            condition.broadcast()
            if state.pending.count >= readAhead, !state.cancelled {
                state.producerWaiting = continuation
                condition.unlock()
            } else {
                condition.unlock()
                continuation.resume()
            }
        }
    }

    private func end(failure: String?) {
        condition.lock()
        state.finished = true
        if state.failure == nil { state.failure = failure }
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the producer (the transfer is over).
    func cancel() {
        condition.lock()
        state.cancelled = true
        let waiting = state.producerWaiting
        state.producerWaiting = nil
        condition.broadcast()
        condition.unlock()
        producer?.cancel()
        waiting?.resume()
        try? file?.close()
    }

    // MARK: - Consuming (URLSession's thread)

    /// Copies up to `capacity` bytes into `buffer`, blocking until some are there; 0 at the end,
    /// -1 when the body failed.
    func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        if let file {
            return readFile(file, into: buffer, capacity: capacity)
        }
        startProducerIfNeeded()
        condition.lock()
        while state.pending.isEmpty, !state.finished, !state.cancelled {
            condition.wait()
        }
        if state.pending.isEmpty {
            defer { condition.unlock() }
            return state.failure == nil && !state.cancelled ? 0 : -1
        }
        let count = min(capacity, state.pending.count)
        state.pending.copyBytes(to: buffer, count: count)
        state.pending.removeFirst(count)
        var resume: UnsafeContinuation<Void, Never>?
        if state.pending.count < readAhead / 2 {
            resume = state.producerWaiting
            state.producerWaiting = nil
        }
        bytesRead += Int64(count)
        condition.unlock()
        resume?.resume()
        return count
    }

    private func readFile(_ file: FileHandle, into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        let wanted = fileRemaining.map { Int(min(Int64(capacity), $0)) } ?? capacity
        guard wanted > 0 else { return 0 }
        do {
            guard let data = try file.read(upToCount: wanted), !data.isEmpty else {
                if let fileRemaining, fileRemaining > 0 {
                    record(failure: "the request body file ended \(fileRemaining) bytes early")
                    return -1
                }
                return 0
            }
            data.copyBytes(to: buffer, count: data.count)
            fileRemaining = fileRemaining.map { $0 - Int64(data.count) }
            bytesRead += Int64(data.count)
            return data.count
        } catch {
            record(failure: "reading the request body file failed: \(error)")
            return -1
        }
    }

    private func record(failure: String) {
        condition.lock()
        if state.failure == nil { state.failure = failure }
        condition.unlock()
    }
}

#if canImport(FoundationNetworking) && !GOOGLE_APPLE_TYPECHECK
extension URLSessionBodySource {
    /// FoundationNetworking reads `httpBodyStream` with plain `read(_:maxLength:)` calls on its
    /// own thread, so a subclass of `InputStream` is enough (it has no bound stream pairs).
    func makeInputStream() -> InputStream {
        URLSessionBodyInputStream(source: self)
    }
}

/// The body source seen as an `InputStream` (FoundationNetworking).
final class URLSessionBodyInputStream: InputStream {
    private let source: URLSessionBodySource
    private var status: Stream.Status = .notOpen

    init(source: URLSessionBodySource) {
        self.source = source
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var hasBytesAvailable: Bool { status == .open || status == .notOpen }
    override var streamError: (any Error)? { nil }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let count = source.read(into: buffer, capacity: length)
        if count == 0 { status = .atEnd }
        if count < 0 { status = .error }
        return count
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>) -> Bool {
        false
    }
}
#endif
