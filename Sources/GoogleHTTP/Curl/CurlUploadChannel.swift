#if canImport(CCurl)
import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - CurlUploadChannel

/// Carries a streamed request body from the producing async sequence to curl's read callback.
///
/// A pump task reads ahead at most `limit` bytes; when curl finds the channel empty the transfer
/// pauses (`CURL_READFUNC_PAUSE`) and the next chunk asks the loop to resume it.
final class CurlUploadChannel: Sendable {
    private struct State {
        var chunks: [Data] = []
        var headOffset = 0
        var bufferedBytes = 0
        var totalBytes: Int64 = 0
        var finished = false
        var failure: String?
        var closed = false
        var readerWaiting = false
        var producerWaiter: UnsafeContinuation<Void, Never>?
        var transfer: CurlTransfer?
    }

    private enum PushStep {
        case accepted(wake: CurlTransfer?)
        case closed
        case full
        case tooLong
    }

    private let state: PlainLock<State>
    private let limit: Int
    private let expectedLength: Int64?
    private let pump = PlainLock<Task<Void, Never>?>(nil)

    init(chunks: HTTPBodyStream, expectedLength: Int64?, transfer: CurlTransfer, limit: Int = 1 << 20) {
        self.state = PlainLock(State(transfer: transfer))
        self.limit = limit
        self.expectedLength = expectedLength
        let task = Task { [self] in
            do {
                for try await chunk in chunks {
                    guard await push(chunk) else { return }
                }
                end(failure: nil)
            } catch {
                end(failure: "the request body stream failed: \(error)")
            }
        }
        pump.withLock { $0 = task }
    }

    // MARK: - Producer side

    /// Waits for room, then queues `chunk`. Returns `false` once the transfer is over.
    private func push(_ chunk: Data) async -> Bool {
        guard !chunk.isEmpty else { return true }
        while true {
            let step = state.withLock { state -> PushStep in
                if state.closed { return .closed }
                if let expectedLength, state.totalBytes + Int64(chunk.count) > expectedLength { return .tooLong }
                if state.bufferedBytes >= limit { return .full }
                state.chunks.append(chunk)
                state.bufferedBytes += chunk.count
                state.totalBytes += Int64(chunk.count)
                defer { state.readerWaiting = false }
                return .accepted(wake: state.readerWaiting ? state.transfer : nil)
            }
            switch step {
            case .closed:
                return false
            case .tooLong:
                end(failure: "the request body stream produced more than its declared \(expectedLength ?? 0) bytes")
                return false
            case .accepted(let wake):
                wake?.requestResume()
                return true
            case .full:
                await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                    let resumeNow = state.withLock { state -> Bool in
                        if state.closed || state.bufferedBytes < limit { return true }
                        state.producerWaiter = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            }
        }
    }

    private func end(failure: String?) {
        let wake = state.withLock { state -> CurlTransfer? in
            guard !state.finished else { return nil }
            state.finished = true
            state.failure = failure
            defer { state.readerWaiting = false }
            return state.readerWaiting ? state.transfer : nil
        }
        wake?.requestResume()
    }

    // MARK: - Consumer side (loop thread)

    func read(into buffer: UnsafeMutableRawBufferPointer) -> CurlRequestBodySource.ReadResult {
        let (result, producer) = state.withLock { state -> (CurlRequestBodySource.ReadResult, UnsafeContinuation<Void, Never>?) in
            if state.chunks.isEmpty {
                if let failure = state.failure { return (.failed(failure), nil) }
                if state.finished {
                    if let expectedLength, state.totalBytes != expectedLength {
                        return (.failed("the request body stream ended after \(state.totalBytes) of \(expectedLength) bytes"), nil)
                    }
                    return (.bytes(0), nil)
                }
                state.readerWaiting = true
                return (.wait, nil)
            }
            var copied = 0
            var consumedChunks = 0
            for chunk in state.chunks where copied < buffer.count {
                let available = chunk.count - state.headOffset
                let count = min(available, buffer.count - copied)
                chunk.withUnsafeBytes { bytes in
                    (buffer.baseAddress! + copied).copyMemory(from: bytes.baseAddress! + state.headOffset, byteCount: count)
                }
                copied += count
                if count == available {
                    consumedChunks += 1
                    state.headOffset = 0
                } else {
                    state.headOffset += count
                }
            }
            state.chunks.removeFirst(consumedChunks)
            state.bufferedBytes -= copied
            var producer: UnsafeContinuation<Void, Never>?
            if state.bufferedBytes < limit {
                producer = state.producerWaiter
                state.producerWaiter = nil
            }
            return (.bytes(copied), producer)
        }
        producer?.resume()
        return result
    }

    /// Stops the pump and drops the reference to the transfer; called when the transfer ends.
    func close() {
        let producer = state.withLock { state -> UnsafeContinuation<Void, Never>? in
            state.closed = true
            state.transfer = nil
            state.chunks = []
            defer { state.producerWaiter = nil }
            return state.producerWaiter
        }
        producer?.resume()
        pump.withLock { $0 }?.cancel()
    }
}
#endif
