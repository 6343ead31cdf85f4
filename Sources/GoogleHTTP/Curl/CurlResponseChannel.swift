import Foundation
import Synchronization

// MARK: - CurlResponseChannel

/// Hands a streamed response body from curl's write callback to the consuming task.
///
/// Bytes accumulate in one buffer up to `limit`; past that the write callback answers
/// `CURL_WRITEFUNC_PAUSE`, and the consumer's next read asks the loop to resume the transfer. A
/// consumer that is already waiting gets the bytes directly.
final class CurlResponseChannel: Sendable {
    private struct State {
        var pending = Data()
        var finished = false
        var failure: HTTPTransportError?
        var paused = false
        var waiter: UnsafeContinuation<Data?, any Error>?
        var transfer: CurlTransfer?
    }

    private enum NextStep {
        case chunk(Data, resume: CurlTransfer?)
        case end
        case fail(HTTPTransportError)
        case wait
    }

    private let state = Mutex(State())
    private let limit: Int

    init(limit: Int) {
        self.limit = max(16 << 10, limit)
    }

    func attach(_ transfer: CurlTransfer) {
        state.withLock { $0.transfer = transfer }
    }

    // MARK: - Producer side (loop thread)

    /// Takes `bytes` if there is room. Returns `false` when the transfer must pause.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let waiter = state.withLock { state -> UnsafeContinuation<Data?, any Error>?? in
            if let waiter = state.waiter {
                state.waiter = nil
                return .some(waiter)
            }
            guard state.pending.count < limit else {
                state.paused = true
                return .none
            }
            if let base = bytes.baseAddress {
                state.pending.append(base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
            return .some(nil)
        }
        switch waiter {
        case .none:
            return false
        case .some(let waiter?):
            waiter.resume(returning: Data(bytes))
            return true
        case .some(nil):
            return true
        }
    }

    func finish(_ failure: HTTPTransportError?) {
        let waiter = state.withLock { state -> UnsafeContinuation<Data?, any Error>? in
            state.finished = true
            state.failure = failure
            state.transfer = nil
            defer { state.waiter = nil }
            return state.waiter
        }
        if let failure { waiter?.resume(throwing: failure) } else { waiter?.resume(returning: nil) }
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
