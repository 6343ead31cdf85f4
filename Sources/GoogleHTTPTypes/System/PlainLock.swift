#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - PlainLock

/// A mutex guarding a value, for locks that several threads take per request.
///
/// `Synchronization.Mutex` is a priority-inheritance futex on Linux: a `withLockIfAvailable` that
/// finds it held asks the kernel (`FUTEX_TRYLOCK_PI`) and thereby marks it contended, so the
/// holder's unlock is a system call too, and any wait goes through the kernel's PI machinery.
/// With 8 typed calls at once on 2 cores that was ~2 futex calls per request. This one is a
/// plain `pthread_mutex_t`: trying never enters the kernel, and a contended lock costs one
/// `FUTEX_WAIT`/`FUTEX_WAKE` pair. Critical sections must stay short and must not suspend. Like
/// `Mutex`, values go in and results come out as `sending`, so the lock cannot be used to share
/// a non-`Sendable` value between threads.
package final class PlainLock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: consuming sending Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held, waiting for it if needed.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the lock held if it is free right now; `nil` (without waiting, and
    /// without a system call) if another thread holds it.
    @inline(__always)
    package func withLockIfAvailable<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
