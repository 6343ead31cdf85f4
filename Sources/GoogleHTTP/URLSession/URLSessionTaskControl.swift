import Foundation
@_spi(Locking) import GoogleBase

// MARK: - URLSessionTaskControl

/// Where a ``URLSessionTransport`` creates, resumes, suspends and cancels its URLSession tasks and
/// invalidates its session: one after another, in the order asked, never on the caller's thread
/// when that could block it.
///
/// On Linux, FoundationNetworking does each of these by waiting for its work queue
/// (`workQueue.sync` in `dataTask(with:)`, `resume()`, `suspend()`, `cancel()` and
/// `invalidateAndCancel()`), and every session of the process shares that queue
/// (`org.swift.URLSession.SharedQueue`), which also reads streamed request bodies and can be held
/// for as long as a body's next bytes take. Called from a task, such a wait parks a cooperative
/// thread, and enough of them starve the whole process (the body's producer included). So there
/// the work goes to a serial dispatch queue of its own and the caller never waits for it.
///
/// Apple's URLSession does not wait like that (its task calls hand over to its own queues), so
/// there the work runs at once on the caller's thread, under a lock that keeps it in order.
final class URLSessionTaskControl: Sendable {
    #if canImport(FoundationNetworking) && !GOOGLE_APPLE_TYPECHECK
    /// Whether a task is suspended while the consumer of a streamed body is behind. Not with
    /// FoundationNetworking: there `suspend()` does not pause a transfer in progress (the whole
    /// body arrives anyway), and a `resume()` soon after it stops the process: `suspend()` has
    /// `_NativeProtocol.stopLoading()` run later on the work queue, which then finds the task
    /// running with no error and calls `fatalError()` (seen in a full test run).
    static let suspendsForBackPressure = false

    private let queue = DispatchQueue(label: "google-api-swift URLSessionTransport tasks")

    /// Runs `work` after everything asked before it, on the control queue; returns at once.
    func perform(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
    #else
    /// Whether a task is suspended while the consumer of a streamed body is behind.
    static let suspendsForBackPressure = true

    private let order = PlainLock(())

    /// Runs `work` now, after anything running on another thread has finished.
    func perform(_ work: @escaping @Sendable () -> Void) {
        order.withLock { _ in work() }
    }
    #endif
}
