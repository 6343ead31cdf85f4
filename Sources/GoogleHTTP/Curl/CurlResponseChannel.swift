#if canImport(CCurl)
import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - CurlResponseChannel

/// Hands a streamed response body from curl's write callback to the consuming task.
///
/// Bytes accumulate in one buffer up to `limit`; past that the write callback answers
/// `CURL_WRITEFUNC_PAUSE`, and the consumer's next read asks the loop to resume the transfer. A
/// consumer that is already waiting gets everything one round of curl work delivered (`flush`,
/// called by the loop after the round), not each ~30 KB callback separately: every resumption
/// is a thread wake-up, and a 256 MiB download was ~9,000 of them.
final class CurlResponseChannel: Sendable {
    private struct State {
        var pending = Data()
        var finished = false
        var failure: HTTPTransportError?
        var paused = false
        var waiter: UnsafeContinuation<Data?, any Error>?
        var transfer: CurlTransfer?
        /// Whether the loop holds this channel in its list to flush after the current round.
        var flushScheduled = false
    }

    /// What the write callback does with an offer.
    enum Offer {
        /// Kept; the consumer takes it with its next read.
        case taken
        /// Kept for a waiting consumer: the loop must call ``flush()`` after this round.
        case takenFlushAfterRound
        /// No room: pause the transfer.
        case full
    }

    private enum NextStep {
        case chunk(Data, resume: CurlTransfer?)
        case end
        case fail(HTTPTransportError)
        case wait
    }

    private let state = PlainLock(State())
    private let limit: Int

    init(limit: Int) {
        self.limit = max(16 << 10, limit)
    }

    func attach(_ transfer: CurlTransfer) {
        state.withLock { $0.transfer = transfer }
    }

    // MARK: - Producer side (loop thread)

    /// Takes `bytes` if there is room.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
        state.withLock { state in
            guard state.pending.count < limit else {
                state.paused = true
                return .full
            }
            if let base = bytes.baseAddress {
                state.pending.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
            guard state.waiter != nil, !state.flushScheduled else { return .taken }
            state.flushScheduled = true
            return .takenFlushAfterRound
        }
    }

    /// Hands what the round delivered to the waiting consumer. Loop thread, after each round.
    func flush() {
        let delivery = state.withLock { state -> (UnsafeContinuation<Data?, any Error>, Data, CurlTransfer?)? in
            state.flushScheduled = false
            guard let waiter = state.waiter, !state.pending.isEmpty else { return nil }
            state.waiter = nil
            let data = state.pending
            state.pending = Data()
            var resume: CurlTransfer?
            if state.paused {
                state.paused = false
                resume = state.transfer
            }
            return (waiter, data, resume)
        }
        guard let (waiter, data, transfer) = delivery else { return }
        transfer?.requestResume()
        waiter.resume(returning: data)
    }

    /// Ends the body. A waiting consumer first gets bytes still pending; the end (or `failure`)
    /// comes with its next read.
    func finish(_ failure: HTTPTransportError?) {
        let (waiter, data) = state.withLock { state -> (UnsafeContinuation<Data?, any Error>?, Data?) in
            state.finished = true
            state.failure = failure
            state.transfer = nil
            defer { state.waiter = nil }
            guard state.waiter != nil, !state.pending.isEmpty else { return (state.waiter, nil) }
            defer { state.pending = Data() }
            return (state.waiter, state.pending)
        }
        if let data {
            waiter?.resume(returning: data)
        } else if let failure {
            waiter?.resume(throwing: failure)
        } else {
            waiter?.resume(returning: nil)
        }
    }

    // MARK: - Consumer side

    /// The next bytes of the body, or `nil` at its end.
    /// - Throws: ``HTTPTransportError`` when the transfer failed.
    func next() async throws -> Data? {
        switch takeStep(installing: nil) {
        case .chunk(let data, let transfer):
            transfer?.requestResume()
            return data
        case .end:
            return nil
        case .fail(let error):
            throw error
        case .wait:
            return try await withUnsafeThrowingContinuation { continuation in
                switch takeStep(installing: continuation) {
                case .chunk(let data, let transfer):
                    transfer?.requestResume()
                    continuation.resume(returning: data)
                case .end:
                    continuation.resume(returning: nil)
                case .fail(let error):
                    continuation.resume(throwing: error)
                case .wait:
                    break
                }
            }
        }
    }

    private func takeStep(installing continuation: UnsafeContinuation<Data?, any Error>?) -> NextStep {
        state.withLock { state in
            if !state.pending.isEmpty {
                let data = state.pending
                state.pending = Data()
                var resume: CurlTransfer?
                if state.paused {
                    state.paused = false
                    resume = state.transfer
                }
                return .chunk(data, resume: resume)
            }
            if let failure = state.failure { return .fail(failure) }
            if state.finished { return .end }
            if let continuation { state.waiter = continuation }
            return .wait
        }
    }
}
#endif
