#if canImport(CCurl)
internal import CCurl
import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CurlTransfer

/// One request in flight. Created and configured by the calling task, then attached to the multi
/// handle (by the caller itself or by the loop thread, see ``CurlMultiLoop``); from then on only
/// code holding the loop's multi lock touches the fields marked "multi lock" until the transfer
/// completes. The caller reads the results after ``synchronizeWithLoop()``, which takes the lock
/// ``finish(_:)`` released after those writes.
final class CurlTransfer: @unchecked Sendable {
    /// Where the response body goes.
    enum Sink {
        case buffer
        case file(Int32)
        case stream(CurlResponseChannel)
    }

    /// What the waiting task is resumed with.
    private struct Waiters {
        var head: UnsafeContinuation<GoogleHTTPResponseHead, any Error>?
        var done: UnsafeContinuation<Void, any Error>?
        var cancelRequested = false
        var finished = false
        var failure: HTTPTransportError?
    }

    let handle: CurlEasyHandle
    let loop: CurlMultiLoop
    let url: URL
    let timeouts: HTTPTimeouts
    /// Read-ahead limit for streamed request bodies.
    let bufferLimit: Int
    let sink: Sink
    let progress: (@Sendable (HTTPProgress) -> Void)?
    let isFollowingRedirects: Bool
    /// A `PlainLock` (a `pthread` mutex), which ThreadSanitizer follows from thread to thread
    /// (it misses the kernel's hand-over of a contended `Mutex`), so it can check that the loop's
    /// writes come before the caller's reads (see ``synchronizeWithLoop()``). That costs one
    /// allocation per request, which a `Mutex` stored inline would not. The task and the loop
    /// thread take it at different moments of a request, so it is almost never contended.
    private let waiters = PlainLock(Waiters())

    // MARK: Multi lock

    /// The response's checks and its head (``HTTPResponseReceiver``), fed by the callbacks.
    var response: HTTPResponseReceiver
    var headDelivered = false
    var body = Data()
    var requestBody: CurlRequestBodySource?
    var headerList: UnsafeMutablePointer<curl_slist>?
    var ownsHeaderList = false
    var recvPaused = false
    var sendPaused = false
    /// Set by a callback that failed on our side, so the resulting curl error maps to our cause.
    var localFailure: HTTPTransportError?
    /// Set when attached to the multi handle (not read from the clock here: one read per request less).
    var startedAt: ContinuousClock.Instant?
    /// Present when the request has a stall limit; see ``HTTPStallWatch``.
    var stallWatch: HTTPStallWatch?
    /// Whether the connection was up at the last stall check (waiting for it is not a stall).
    var hasConnected = false
    init(
        handle: CurlEasyHandle, loop: CurlMultiLoop, request: GoogleHTTPRequest, sink: Sink, timeouts: HTTPTimeouts,
        bufferLimit: Int, bodyLimit: Int, errorBodyLimit: Int
    ) {
        self.handle = handle
        self.loop = loop
        self.url = request.url
        self.sink = sink
        self.progress = request.progress
        self.timeouts = timeouts
        self.bufferLimit = bufferLimit
        // Downloads and streams have no body limit; a stream keeps its error body whole.
        let isBuffered: Bool
        let keepsErrorBody: Bool
        switch sink {
        case .buffer: (isBuffered, keepsErrorBody) = (true, false)
        case .file: (isBuffered, keepsErrorBody) = (false, false)
        case .stream: (isBuffered, keepsErrorBody) = (false, true)
        }
        self.response = HTTPResponseReceiver(
            url: request.url, bodyLimit: isBuffered ? bodyLimit : .max, errorBodyLimit: keepsErrorBody ? .max : errorBodyLimit)
        self.isFollowingRedirects = request.followRedirects
    }

    var easy: UnsafeMutableRawPointer { handle.easy }

    /// Whether the calling task may start this transfer itself (``CurlMultiLoop/startOnCaller(_:)``):
    /// its callbacks then may run on that task's thread, so only a response read into memory and
    /// a body from memory (or none), which never block or wait, and stall limits the loop is
    /// sure to start checking in time.
    var canStartOnCaller: Bool {
        guard case .buffer = sink else { return false }
        if let requestBody, !requestBody.isInMemory { return false }
        if let stall = timeouts.stall, stall < .milliseconds(1100) { return false }
        return true
    }

    var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ userdata: UnsafeMutableRawPointer) -> CurlTransfer {
        Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    }

    // MARK: - Waiting (any thread)

    /// Registers the task waiting for the head. Returns `false` if the transfer was already cancelled.
    func setHeadWaiter(_ continuation: UnsafeContinuation<GoogleHTTPResponseHead, any Error>) -> Bool {
        waiters.withLock { state in
            guard !state.cancelRequested else { return false }
            state.head = continuation
            return true
        }
    }

    func setDoneWaiter(_ continuation: UnsafeContinuation<Void, any Error>) -> Bool {
        waiters.withLock { state in
            guard !state.cancelRequested else { return false }
            state.done = continuation
            return true
        }
    }

    /// Marks the transfer cancelled. Returns `true` when the loop still has to abort it.
    func requestCancellation() -> Bool {
        waiters.withLock { state in
            guard !state.finished, !state.cancelRequested else { return false }
            state.cancelRequested = true
            return true
        }
    }

    /// Asks the loop to abort the transfer (no-op once it has finished).
    func cancel() {
        if requestCancellation() {
            loop.enqueue(.cancel(self))
        }
    }

    /// Asks the loop to unpause the transfer because a channel has data or room again.
    func requestResume() {
        loop.enqueue(.resume(self))
    }

    /// Cleans up a transfer that never reached the loop.
    func abandon() {
        finish(cancellationError())
        loop.pool.giveBack(handle)
    }

    // MARK: - Results (the resumed task)

    /// Orders everything the loop wrote before it last released the waiters lock (the response,
    /// the head, the failure) before what the calling task reads next; call it once the task's
    /// wait returns, with a result or an error.
    ///
    /// The continuation orders those writes too, but when the transfer finishes before its task
    /// suspends (a request started on the caller can), that ordering is atomics inside the
    /// concurrency runtime, which ThreadSanitizer does not see. Taking the lock makes the
    /// ordering this type's own.
    func synchronizeWithLoop() {
        waiters.withLock { _ in }
    }

    var isCancellationRequested: Bool {
        waiters.withLock { $0.cancelRequested }
    }

    func cancellationError() -> HTTPTransportError {
        HTTPTransportError(kind: .cancelled, url: url, message: "the request was cancelled")
    }

    // MARK: - Delivery (multi lock)

    /// Publishes the response head to a streaming caller once the final header block is complete.
    func deliverHeadIfNeeded() {
        guard !headDelivered else { return }
        headDelivered = true
        let head = GoogleHTTPResponseHead(status: response.status, headers: response.headers)
        let continuation = waiters.withLock { state -> UnsafeContinuation<GoogleHTTPResponseHead, any Error>? in
            defer { state.head = nil }
            return state.head
        }
        continuation?.resume(returning: head)
    }

    /// Ends the transfer with `failure` (or success when `nil`), resuming whoever waits.
    func finish(_ failure: HTTPTransportError?) {
        let waiting = waiters.withLock {
            state -> (UnsafeContinuation<GoogleHTTPResponseHead, any Error>?, UnsafeContinuation<Void, any Error>?)? in
            guard !state.finished else { return nil }
            state.finished = true
            state.failure = failure
            defer {
                state.head = nil
                state.done = nil
            }
            return (state.head, state.done)
        }
        // Only the first call counts, so a file descriptor is never closed twice.
        guard let (head, done) = waiting else { return }
        releaseRequestResources()
        if case .file(let descriptor) = sink {
            close(descriptor)
        }
        if case .stream(let channel) = sink {
            channel.finish(failure)
        }
        if let head {
            if let failure, !headDelivered {
                head.resume(throwing: failure)
            } else {
                headDelivered = true
                head.resume(returning: GoogleHTTPResponseHead(status: response.status, headers: response.headers))
            }
        }
        if let done {
            if let failure { done.resume(throwing: failure) } else { done.resume() }
        }
    }

    private func releaseRequestResources() {
        if ownsHeaderList, let headerList {
            curl_slist_free_all(headerList)
        }
        headerList = nil
        ownsHeaderList = false
        requestBody?.close()
        requestBody = nil
    }
}
#endif
