import Synchronization

// MARK: - CancellableWaiter

/// Resumes a continuation once, with whichever comes first: the result it waits for or its
/// caller's cancellation (which may arrive before the continuation exists).
final class CancellableWaiter<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case started(CheckedContinuation<Value, any Error>)
        case finished(Result<Value, any Error>)
        case resumed
    }

    private let state = Mutex<State>(.waiting)

    func start(_ continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            guard case .finished(let result) = state else {
                state = .started(continuation)
                return nil
            }
            state = .resumed
            return result
        }
        if let early { continuation.resume(with: early) }
    }

    func finish(_ result: Result<Value, any Error>) {
        let continuation: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .waiting:
                state = .finished(result)
                return nil
            case .started(let continuation):
                state = .resumed
                return continuation
            case .finished, .resumed:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}
