import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - URLSessionTransfer

/// One request in flight on a ``URLSessionTransport``: the URLSession task, the shared response
/// checks (``HTTPResponseReceiver``) its delegate callbacks feed, where the body goes, and the
/// time limits, which a watchdog task enforces by cancelling the URLSession task with the reason
/// recorded first.
///
/// The delegate's callbacks arrive one at a time on the session's serial queue; the calling task
/// and the watchdog meet them in ``State`` under one lock.
final class URLSessionTransfer: @unchecked Sendable {
    enum Sink {
        case buffer
        case file(FileHandle)
        case stream(URLSessionResponseChannel)
    }

    struct State {
        var response: HTTPResponseReceiver
        var body = Data()
        var head: CheckedContinuation<GoogleHTTPResponseHead, any Error>?
        var done: CheckedContinuation<Void, any Error>?
        var headDelivered = false
        var headReceived = false
        /// Our own reason to stop (cancellation, a time limit, a failed write), set before the
        /// URLSession task is cancelled, so its `cancelled` error maps to it.
        var stopReason: HTTPTransportError?
        var finished = false
        var outcome: HTTPTransportError?
        var bytesSent: Int64 = 0
        var bytesReceived: Int64 = 0
        var stall: HTTPStallWatch?
        var paused = false
        var redirects = 0
    }

    let task: URLSessionTask
    let url: URL
    let sink: Sink
    let timeouts: HTTPTimeouts
    let maxRedirects: Int
    let followsRedirects: Bool
    let progress: (@Sendable (HTTPProgress) -> Void)?
    let bodySource: URLSessionBodySource?
    let knownRequestLength: Int64?
    let state: PlainLock<State>
    private let watchdog = PlainLock<Task<Void, Never>?>(nil)

    init(
        task: URLSessionTask, request: GoogleHTTPRequest, sink: Sink, timeouts: HTTPTimeouts, bodyLimit: Int, errorBodyLimit: Int,
        maxRedirects: Int, bodySource: URLSessionBodySource?, decodesBody: Bool
    ) {
        self.task = task
        self.url = request.url
        self.sink = sink
        self.timeouts = timeouts
        self.maxRedirects = maxRedirects
        self.followsRedirects = request.followRedirects
        self.progress = request.progress
        self.bodySource = bodySource
        self.knownRequestLength = request.body.knownLength
        // As with libcurl: downloads and streams have no body limit; a stream keeps its error body whole.
        let limits: (body: Int, errorBody: Int)
        switch sink {
        case .buffer: limits = (bodyLimit, errorBodyLimit)
        case .file: limits = (.max, errorBodyLimit)
        case .stream: limits = (.max, .max)
        }
        var receiver = HTTPResponseReceiver(url: request.url, bodyLimit: limits.body, errorBodyLimit: limits.errorBody)
        receiver.decodesBody = decodesBody
        self.state = PlainLock(State(response: receiver))
    }

    // MARK: - Running (the calling task)

    /// Starts the task and waits for the whole response.
    func run() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                state.withLock { $0.done = continuation }
                start()
            }
        } onCancel: {
            stop(HTTPTransportError(kind: .cancelled, url: url, message: "the request was cancelled"))
        }
    }

    /// Starts the task and waits for the response head; the body follows through the channel.
    func runUntilHead() async throws -> GoogleHTTPResponseHead {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<GoogleHTTPResponseHead, any Error>) in
                state.withLock { $0.head = continuation }
                start()
            }
        } onCancel: {
            stop(HTTPTransportError(kind: .cancelled, url: url, message: "the request was cancelled"))
        }
    }

    private func start() {
        let startedAt = ContinuousClock.now
        if let stall = timeouts.stall {
            state.withLock {
                $0.stall = HTTPStallWatch(period: stall, minimumBytesPerSecond: timeouts.stallMinimumBytesPerSecond, now: startedAt)
            }
        }
        if timeouts.request != nil || timeouts.connect != nil || timeouts.stall != nil {
            // Ended by `complete`, so it never outlives the transfer by more than a check.
            let watch = Task { await self.watch(startedAt: startedAt) }
            watchdog.withLock { $0 = watch }
        }
        task.resume()
    }

    /// Cancels the URLSession task for `reason` (the first reason wins).
    func stop(_ reason: HTTPTransportError) {
        let first = state.withLock { state -> Bool in
            guard !state.finished, state.stopReason == nil else { return false }
            state.stopReason = reason
            return true
        }
        guard first else { return }
        bodySource?.cancel()
        task.cancel()
    }

    // MARK: - Results

    func bufferedResponse() -> GoogleHTTPResponse {
        state.withLock { GoogleHTTPResponse(status: $0.response.status, headers: $0.response.headers, body: $0.body) }
    }

    func head() -> GoogleHTTPResponseHead {
        state.withLock { GoogleHTTPResponseHead(status: $0.response.status, headers: $0.response.headers) }
    }

    // MARK: - Time limits (the watchdog task)

    private func watch(startedAt: ContinuousClock.Instant) async {
        let requestDeadline = timeouts.request.map { startedAt + $0 }
        let connectDeadline = timeouts.connect.map { startedAt + $0 }
        while !Task.isCancelled {
            let now = ContinuousClock.now
            var verdict: HTTPTransportError?
            var next = now + .seconds(3600)
            state.withLock { state in
                guard !state.finished else { return }
                if let requestDeadline {
                    if now >= requestDeadline {
                        verdict = HTTPTransportError(
                            kind: .requestTimeout, url: url, message: "the request took longer than its limit of \(timeouts.request!)")
                        return
                    }
                    next = min(next, requestDeadline)
                }
                // URLSession does not say when the connection is up: the head, or body bytes
                // going out, are the first signs of it.
                let connected = state.headReceived || state.bytesSent > 0
                if !connected, let connectDeadline {
                    if now >= connectDeadline {
                        verdict = HTTPTransportError(
                            kind: .connectTimeout, url: url,
                            message: "no connection (no response, no request body sent) within \(timeouts.connect!)")
                        return
                    }
                    next = min(next, connectDeadline)
                }
                // Without a signal that the connection is up, a stall counts from the start (a
                // server that accepts and stays silent stalls, as with libcurl); the connect
                // limit is the one for a connection that never comes.
                if let stall = state.stall {
                    if !state.paused, stall.isStalled(at: now) {
                        verdict = HTTPTransportError(
                            kind: .stalled, url: url,
                            message:
                                "the transfer moved fewer than \(timeouts.stallMinimumBytesPerSecond) bytes per second for \(stall.period)")
                        return
                    }
                    if state.paused { state.stall?.restart(at: now) }
                    next = min(next, (state.stall?.deadline ?? now) + .milliseconds(1))
                }
            }
            if let verdict {
                stop(verdict)
                return
            }
            try? await Task.sleep(until: next, clock: .continuous)
        }
    }

    // MARK: - Delegate callbacks (the session's queue)

    #if canImport(FoundationNetworking) && !GOOGLE_APPLE_TYPECHECK
    /// Whether the task is suspended while the consumer of a streamed body is behind. Not with
    /// FoundationNetworking: there `suspend()` does not reliably pause a transfer in progress, a
    /// `resume()` after it delivered bytes twice, and could stop the process: `suspend()` has
    /// `_NativeProtocol.stopLoading()` run later on the work queue, which then finds the task
    /// running with no error and calls `fatalError()`.
    static let suspendsForBackPressure = false
    #else
    /// Whether the task is suspended while the consumer of a streamed body is behind.
    static let suspendsForBackPressure = true
    #endif

    /// Takes the response head; returns whether to go on.
    func receiveHead(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            stop(HTTPTransportError(kind: .invalidResponse, url: url, message: "the response is not HTTP"))
            return false
        }
        let (accepted, delivery) = state.withLock {
            state -> (Bool, (CheckedContinuation<GoogleHTTPResponseHead, any Error>, GoogleHTTPResponseHead)?) in
            state.headReceived = true
            state.response.beginHead(status: http.statusCode)
            var lineBytes = 0
            for (key, value) in http.allHeaderFields {
                guard let name = key as? String else { continue }
                let text = value as? String ?? "\(value)"
                lineBytes += name.utf8.count + text.utf8.count + 4
                guard state.response.receiveField(name: name, value: text) else { return (false, nil) }
            }
            state.stall?.record(lineBytes) { .now }
            guard state.response.endHead() else { return (false, nil) }
            guard case .stream = sink, !state.headDelivered, let head = state.head else { return (true, nil) }
            state.headDelivered = true
            state.head = nil
            return (true, (head, GoogleHTTPResponseHead(status: state.response.status, headers: state.response.headers)))
        }
        if let (continuation, head) = delivery { continuation.resume(returning: head) }
        if !accepted { task.cancel() }
        return accepted
    }

    /// Takes body bytes.
    func receive(_ data: Data) {
        var stopNow = false
        var progressNow: HTTPProgress?
        state.withLock { state in
            state.bytesReceived += Int64(data.count)
            state.stall?.record(data.count) { .now }
            switch sink {
            case .buffer:
                let kept = state.response.admitBody(data.count)
                if kept > 0 { state.body.append(data.prefix(kept)) }
                stopNow = kept < data.count
            case .file(let handle):
                let kept = state.response.admitBody(data.count)
                do {
                    if kept > 0 { try handle.write(contentsOf: data.prefix(kept)) }
                } catch {
                    state.stopReason =
                        state.stopReason
                        ?? HTTPTransportError(kind: .responseBodyFailed, url: url, message: "writing the response body failed: \(error)")
                    stopNow = true
                }
                stopNow = stopNow || kept < data.count
            case .stream:
                break
            }
            if progress != nil { progressNow = snapshot(state) }
        }
        if case .stream(let channel) = sink {
            switch channel.offer(data) {
            case .taken: break
            case .full where Self.suspendsForBackPressure:
                // Back-pressure: the consumer's next read resumes it.
                state.withLock { $0.paused = true }
                task.suspend()
            case .full: break
            case .overflow:
                // The channel ended the body with its error; nothing more is wanted.
                stop(
                    HTTPTransportError(
                        kind: .responseBodyFailed, url: url, message: "the consumer fell too far behind the streamed response body"))
            }
        }
        if let progressNow { progress?(progressNow) }
        if stopNow { task.cancel() }
    }

    /// Resumes a task suspended for a slow consumer.
    func resumeReading() {
        let wasPaused = state.withLock { state -> Bool in
            defer { state.paused = false }
            return state.paused && !state.finished
        }
        if wasPaused { task.resume() }
    }

    func sent(total: Int64) {
        let progressNow = state.withLock { state -> HTTPProgress? in
            let delta = total - state.bytesSent
            state.bytesSent = total
            if delta > 0 { state.stall?.record(Int(delta)) { .now } }
            return progress == nil ? nil : snapshot(state)
        }
        if let progressNow { progress?(progressNow) }
    }

    /// Whether to follow a redirect: only when the request asks, at most `maxRedirects`.
    func shouldFollowRedirect() -> Bool {
        guard followsRedirects else { return false }
        return state.withLock { state in
            state.redirects += 1
            if state.redirects > maxRedirects {
                state.stopReason =
                    state.stopReason
                    ?? HTTPTransportError(kind: .tooManyRedirects, url: url, message: "more than \(maxRedirects) redirects")
                return false
            }
            return true
        }
    }

    private func snapshot(_ state: State) -> HTTPProgress {
        HTTPProgress(
            bytesSent: state.bytesSent, totalBytesToSend: knownRequestLength, bytesReceived: state.bytesReceived,
            totalBytesToReceive: state.response.expectedBodyLength.map(Int64.init))
    }

    /// Ends the transfer with URLSession's verdict, or ours when we stopped it.
    func complete(error: (any Error)?) {
        watchdog.withLock { $0?.cancel() }
        let bodyFailure = bodySource?.failure
        let (failure, head, done, status, headers) = state.withLock {
            state -> (
                HTTPTransportError?, CheckedContinuation<GoogleHTTPResponseHead, any Error>?, CheckedContinuation<Void, any Error>?, Int,
                GoogleHTTPHeaders
            ) in
            state.finished = true
            var failure: HTTPTransportError?
            if let refusal = state.response.refusal {
                failure = refusal
            } else if state.response.errorBodyTruncated {
                // An error body cut at its limit on purpose: what was kept is the response.
                failure = nil
            } else if let bodyFailure {
                failure = HTTPTransportError(kind: .requestBodyFailed, url: url, message: bodyFailure)
            } else if let stopReason = state.stopReason {
                failure = stopReason
            } else if let error {
                failure = URLSessionErrorMapping.map(error, url: url, hasFinalHead: state.response.hasFinalHead)
            }
            state.outcome = failure
            defer {
                state.head = nil
                state.done = nil
            }
            let deliversHead = !state.headDelivered && state.head != nil
            if deliversHead { state.headDelivered = true }
            return (failure, state.head, state.done, state.response.status, deliversHead ? state.response.headers : GoogleHTTPHeaders())
        }
        bodySource?.cancel()
        if case .file(let handle) = sink { try? handle.close() }
        if case .stream(let channel) = sink { channel.finish(failure) }
        if let head {
            if let failure {
                head.resume(throwing: failure)
            } else {
                head.resume(returning: GoogleHTTPResponseHead(status: status, headers: headers))
            }
        }
        if let done {
            if let failure { done.resume(throwing: failure) } else { done.resume() }
        }
    }
}
