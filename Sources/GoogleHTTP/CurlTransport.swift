#if canImport(CCurl)
internal import CCurl
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CurlTransport

/// The libcurl-backed `GoogleHTTPTypes/HTTPTransport`.
///
/// One transport owns one curl multi handle, driven by a dedicated thread, so connections are kept
/// alive and reused across requests and HTTP/2 requests to a host share one connection. Create one
/// transport and share it; each request costs a pooled easy handle and a thread hand-off or two
/// (on Linux a request whose body is in memory usually starts on the calling thread).
/// Requests still running when the transport is released fail with `.cancelled`. Its sockets are
/// close-on-exec, so a process the app starts meanwhile does not inherit a connection.
public final class CurlTransport: HTTPTransport {
    public let configuration: HTTPTransportConfiguration
    /// Runs tasks on this transport's curl thread. A sequential request loop inside
    /// `withTaskExecutorPreference(transport.executor) { ... }` skips the two thread hand-offs each
    /// request otherwise costs; keep such code light, since it delays the transport's other transfers.
    public let executor: CurlLoopExecutor
    private let loop: CurlMultiLoop?

    /// Creates a transport with `HTTPTransportConfiguration/default`.
    public convenience init() {
        self.init(configuration: .default)
    }

    /// - Parameter configuration: Timeouts, connection limits, TLS and identity settings.
    public init(configuration: HTTPTransportConfiguration) {
        self.configuration = configuration
        let loop = CurlMultiLoop(configuration: configuration)
        self.loop = loop
        self.executor = CurlLoopExecutor(loop: loop)
    }

    deinit {
        loop?.shutdown()
    }

    // MARK: - HTTPTransport

    /// Sends `request` and reads the whole response body into memory.
    ///
    /// The body may have at most `GoogleHTTPTypes/GoogleHTTPRequest/maxResponseBodyBytes` (else
    /// `HTTPTransportConfiguration/maxResponseBodyBytes`) after decompression; of an error status's body the
    /// first `HTTPTransportConfiguration/maxErrorBodyBytes` are kept and the rest is not read.
    /// - Parameter request: The request; its body may be data, a file or a stream.
    /// - Throws: `GoogleHTTPTypes/HTTPTransportError` when no complete response arrives, `.responseTooLarge`
    ///   past the size limit, `.invalidResponse` for a response that breaks HTTP's framing rules.
    public func send(_ request: GoogleHTTPRequest) async throws -> GoogleHTTPResponse {
        let transfer = try makeTransfer(for: request, sink: .buffer)
        try await run(transfer)
        return GoogleHTTPResponse(status: transfer.response.status, headers: transfer.response.headers, body: transfer.body)
    }

    /// Sends `request` and writes the response body (whatever the status) to `file`.
    /// - Parameters:
    ///   - request: The request.
    ///   - file: Created or truncated; on failure it holds the bytes received so far. Of an error
    ///     status's body only the first `HTTPTransportConfiguration/maxErrorBodyBytes` are written.
    /// - Throws: `GoogleHTTPTypes/HTTPTransportError`; `.responseBodyFailed` when `file` cannot be written.
    public func download(_ request: GoogleHTTPRequest, to file: URL) async throws -> GoogleHTTPResponseHead {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw HTTPTransportError(kind: .responseBodyFailed, url: request.url, message: "cannot open \(file.path): \(reason)")
        }
        let transfer = try makeTransfer(for: request, sink: .file(descriptor))
        try await run(transfer)
        return GoogleHTTPResponseHead(status: transfer.response.status, headers: transfer.response.headers)
    }

    /// Sends `request` and returns when the response head has arrived.
    ///
    /// The body streams with back-pressure: at most `HTTPTransportConfiguration/streamBufferBytes` wait for
    /// the consumer before the transfer pauses. Cancelling the consuming task, or dropping the
    /// body, aborts the transfer.
    /// - Parameter request: The request.
    /// - Throws: `GoogleHTTPTypes/HTTPTransportError` when no response head arrives.
    public func stream(_ request: GoogleHTTPRequest) async throws -> HTTPStreamingResponse {
        let channel = CurlResponseChannel(limit: configuration.streamBufferBytes)
        let transfer = try makeTransfer(for: request, sink: .stream(channel))
        channel.attach(transfer)
        // After the wait, with a head or an error: see `synchronizeWithLoop()`.
        defer { transfer.synchronizeWithLoop() }
        let head = try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<GoogleHTTPResponseHead, any Error>) in
                if transfer.setHeadWaiter(continuation) {
                    transfer.loop.enqueue(.add(transfer))
                } else {
                    transfer.abandon()
                    continuation.resume(throwing: transfer.cancellationError())
                }
            }
        } onCancel: {
            transfer.cancel()
        }
        let reader = CurlStreamReader(channel: channel, transfer: transfer, transport: self)
        return HTTPStreamingResponse(head: head, body: HTTPResponseBody { try await reader.next() })
    }

    // MARK: - Measuring

    /// Hands a continuation to the curl thread, which resumes it without doing any curl work:
    /// the two thread hand-offs every request pays, alone (the benchmark's floor row).
    @_spi(Benchmarking) public func roundTripThroughLoop() async {
        guard let loop else { return }
        await withUnsafeContinuation { continuation in
            loop.enqueue(.ping(continuation))
        }
    }

    /// How many requests so far started on their caller's thread instead of going through the
    /// curl thread's queue (Linux, in-memory bodies, idle transport).
    package var requestsStartedOnCaller: Int {
        loop?.callerStarts.load(ordering: .relaxed) ?? 0
    }

    /// Whether requests may start on their caller's thread (the default); off, every request is
    /// queued to the curl thread, which the benchmark measures next to it.
    @_spi(Benchmarking) public var startsRequestsOnCaller: Bool {
        get { loop?.callerStartEnabled.load(ordering: .relaxed) ?? false }
        set { loop?.callerStartEnabled.store(newValue, ordering: .relaxed) }
    }

    // MARK: - Plumbing

    /// Prepares a transfer. On failure everything it was given is released, the sink's file included.
    private func makeTransfer(for request: GoogleHTTPRequest, sink: CurlTransfer.Sink) throws(HTTPTransportError) -> CurlTransfer {
        guard let loop, let handle = loop.pool.take() else {
            if case .file(let descriptor) = sink { close(descriptor) }
            throw HTTPTransportError(kind: .other, url: request.url, message: "libcurl could not be initialized")
        }
        let transfer = CurlTransfer(
            handle: handle, loop: loop, request: request, sink: sink,
            timeouts: configuration.timeouts(for: request), bufferLimit: configuration.streamBufferBytes,
            bodyLimit: request.maxResponseBodyBytes ?? configuration.maxResponseBodyBytes,
            errorBodyLimit: configuration.maxErrorBodyBytes)
        do {
            try transfer.configure(
                request: request, timeouts: transfer.timeouts, configuration: configuration,
                sharedExpectSuppression: loop.expectSuppression)
        } catch {
            transfer.finish(error)
            loop.pool.giveBack(handle)
            throw error
        }
        return transfer
    }

    /// Submits `transfer` and waits for it to finish, aborting it if the task is cancelled.
    /// On return (or throw) the loop's writes to the transfer are ordered before the caller's reads.
    private func run(_ transfer: CurlTransfer) async throws {
        defer { transfer.synchronizeWithLoop() }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                guard transfer.setDoneWaiter(continuation) else {
                    transfer.abandon()
                    continuation.resume(throwing: transfer.cancellationError())
                    return
                }
                // Starting here sends the request without waking the curl thread; it may even
                // finish (and resume the continuation) before this returns.
                if !transfer.loop.startOnCaller(transfer) {
                    transfer.loop.enqueue(.add(transfer))
                }
            }
        } onCancel: {
            transfer.cancel()
        }
    }
}
#endif
