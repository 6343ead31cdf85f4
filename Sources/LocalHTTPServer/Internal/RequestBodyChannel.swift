import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - RequestBodyChannel

/// Hands request body pieces from a connection thread to an async handler, one piece per demand.
///
/// The handler's `next()` parks a continuation and wakes the connection thread; the thread reads
/// one piece from the socket and resumes it. Nothing is read ahead, which is the backpressure.
final class RequestBodyChannel: Sendable {
    private struct State {
        var pending: CheckedContinuation<Data?, any Error>?
        /// Set once the body ended (`nil` error) or failed; later reads return it.
        var terminal: HTTPServerBodyError??
    }

    /// A `PlainLock`: ThreadSanitizer follows it between threads, while it misses the kernel's
    /// hand-over of a contended `Mutex` (a priority-inheritance futex) and reports races that aren't.
    private let state = PlainLock(State())
    /// Called on every demand, to wake the connection thread.
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    // MARK: - Consumer side

    func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
            enum Action {
                case wait, end
                case fail(HTTPServerBodyError)
            }
            let action: Action = state.withLock { state in
                if let terminal = state.terminal {
                    if let error = terminal { return .fail(error) }
                    return .end
                }
                guard state.pending == nil else {
                    return .fail(HTTPServerBodyError(kind: .concurrentRead, message: "body is already being read"))
                }
                state.pending = continuation
                return .wait
            }
            switch action {
            case .wait: wake()
            case .end: continuation.resume(returning: nil)
            case .fail(let error): continuation.resume(throwing: error)
            }
        }
    }

    // MARK: - Producer side (connection thread)

    /// The parked demand, if any, now owned by the caller who must resume it.
    func takeDemand() -> CheckedContinuation<Data?, any Error>? {
        state.withLock { state in
            let pending = state.pending
            state.pending = nil
            return pending
        }
    }

    /// Marks the body ended (`error == nil`) or failed, and releases any parked reader.
    func finish(_ error: HTTPServerBodyError?) {
        let pending: CheckedContinuation<Data?, any Error>? = state.withLock { state in
            if state.terminal == nil { state.terminal = .some(error) }
            let pending = state.pending
            state.pending = nil
            return pending
        }
        guard let pending else { return }
        if let error {
            pending.resume(throwing: error)
        } else {
            pending.resume(returning: nil)
        }
    }
}
