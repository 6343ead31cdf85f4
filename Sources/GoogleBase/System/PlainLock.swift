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
/// `FUTEX_WAIT`/`FUTEX_WAKE` pair. Critical sections must stay short and must not suspend.
///
/// The value and the mutex share one allocation (`ManagedBuffer`, whose elements have a stable
/// address), and the methods are inlinable, so an uncontended lock costs what `Mutex` costs:
/// no call, no exclusivity check. Not reentrant: debug builds trap when a thread takes it twice.
///
/// Public only so that other modules of this package can inline it, and behind an SPI
/// (`import GoogleHTTPTypes`) so that it is not part of the package's API.
@_spi(Locking)
public struct PlainLock<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let storage: Storage

    public init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with the lock held, waiting for it if needed.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        // The value's address is taken only with the lock held: finding the header is a formal
        // access to it, which ThreadSanitizer (which knows pthread mutexes) would report.
        try whileLocked { try storage.withUnsafeMutablePointerToHeader { try body(&$0.pointee) } }
    }

    /// Runs `body` with the lock held if it is free right now; `nil` (without waiting, and
    /// without a system call) if another thread holds it.
    @inlinable
    public func withLockIfAvailable<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
        try ifAvailable { try storage.withUnsafeMutablePointerToHeader { try body(&$0.pointee) } }
    }

    /// Runs `body` between locking and unlocking the mutex (finding the mutex reads no value).
    @inlinable
    func whileLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointerToElements { mutex in
            let locked = pthread_mutex_lock(mutex)
            assert(locked == 0, "PlainLock taken twice by one thread (error \(locked))")
            defer { pthread_mutex_unlock(mutex) }
            return try body()
        }
    }

    /// Runs `body` with the mutex held if trying it succeeds; `nil` otherwise.
    @inlinable
    func ifAvailable<Result>(_ body: () throws -> Result) rethrows -> Result? {
        try storage.withUnsafeMutablePointerToElements { mutex in
            guard pthread_mutex_trylock(mutex) == 0 else { return nil }
            defer { pthread_mutex_unlock(mutex) }
            return try body()
        }
    }

    // MARK: - Storage

    /// The guarded value as the header, the mutex as the single element.
    @usableFromInline
    final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        static func make(_ value: Value) -> Storage {
            let storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
            storage.withUnsafeMutablePointerToElements { mutex in
                mutex.initialize(to: pthread_mutex_t())
                var attributes = pthread_mutexattr_t()
                pthread_mutexattr_init(&attributes)
                #if DEBUG
                // Reports a second lock by the same thread (asserted above) instead of hanging.
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
                #endif
                pthread_mutex_init(mutex, &attributes)
                pthread_mutexattr_destroy(&attributes)
            }
            return storage
        }

        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }
}

// MARK: - A lock without a value

extension PlainLock where Value == Void {
    /// A lock that guards state kept elsewhere.
    public init() {
        self.init(())
    }

    /// Runs `body` with the lock held, waiting for it if needed. (Without an `inout ()`: the
    /// address of an empty header is the object's own, which ThreadSanitizer then reports as
    /// written under the lock and read, to find the mutex, outside it.)
    @inlinable
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try whileLocked(body)
    }

    /// Runs `body` with the lock held if it is free right now; `nil` if another thread holds it.
    @inlinable
    public func withLockIfAvailable<Result>(_ body: () throws -> Result) rethrows -> Result? {
        try ifAvailable(body)
    }
}
