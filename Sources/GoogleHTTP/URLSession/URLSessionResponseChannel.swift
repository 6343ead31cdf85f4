import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - URLSessionResponseChannel

/// Hands a streamed response body from the session's delegate queue to the consuming task.
///
/// URLSession delivers every chunk it has read (it cannot be refused), so the channel takes it and
/// answers ``Offer/full`` once `limit` bytes wait: the transfer then suspends its URLSession task,
/// and the consumer's next read resumes it. Where a transfer is not suspended (FoundationNetworking,
/// see `URLSessionTransfer.suspendsForBackPressure`) the bytes waiting are still bounded: past
/// ``overflowFactor`` times `limit` the channel drops them and ends the body with an error
/// (``Offer/overflow``), so a consumer that stops reading cannot grow memory without end.
final class URLSessionResponseChannel: Sendable {
    private struct State {
        var pending = Data()
        var finished = false
        var failure: HTTPTransportError?
        var waiter: CheckedContinuation<Data?, any Error>?
    }

    enum Offer {
        case taken
        case full
        /// More than ``overflowFactor`` times the limit would wait: the bytes waiting were
        /// dropped and the body ends with an error; the transfer must stop.
        case overflow
    }

    /// How many times `limit` may wait for a consumer before the body fails.
    static let overflowFactor = 64

    private let state = PlainLock(State())
    private let limit: Int
    private let url: URL

    init(limit: Int, url: URL) {
        self.limit = max(16 << 10, limit)
        self.url = url
    }

    /// Takes `data` (the delegate queue).
    func offer(_ data: Data) -> Offer {
        let ceiling = limit.multipliedReportingOverflow(by: Self.overflowFactor)
        let (waiter, offer) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Offer) in
            if state.finished { return (nil, .overflow) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, .taken)
            }
            if !ceiling.overflow, data.count > ceiling.partialValue - state.pending.count {
                state.pending = Data()
                state.finished = true
                state.failure = HTTPTransportError(
                    kind: .responseBodyFailed, url: url,
                    message: "the consumer fell more than \(ceiling.partialValue) bytes behind the streamed response body")
                return (nil, .overflow)
            }
            state.pending.append(data)
            return (nil, state.pending.count >= limit ? .full : .taken)
        }
        waiter?.resume(returning: data)
        return offer
    }

    /// Ends the body; a waiting consumer gets the end (or `failure`).
    func finish(_ failure: HTTPTransportError?) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            state.finished = true
            state.failure = failure
            defer { state.waiter = nil }
            return state.waiter
        }
        if let failure {
            waiter?.resume(throwing: failure)
        } else {
            waiter?.resume(returning: nil)
        }
    }

    /// The next bytes, or `nil` at the end.
    /// - Parameter resume: Called when the bytes taken leave room again (to resume the transfer).
    func next(resume: () -> Void) async throws -> Data? {
        enum Step {
            case chunk(Data)
            case end
            case fail(HTTPTransportError)
        }
        let step = state.withLock { state -> Step? in
            if !state.pending.isEmpty {
                defer { state.pending = Data() }
                return .chunk(state.pending)
            }
            if state.finished { return state.failure.map(Step.fail) ?? .end }
            return nil
        }
        switch step {
        case .chunk(let data):
            resume()
            return data
        case .end:
            return nil
        case .fail(let failure):
            throw failure
        case nil:
            resume()
            return try await withCheckedThrowingContinuation { continuation in
                let immediate = state.withLock { state -> Result<Data?, HTTPTransportError>? in
                    if !state.pending.isEmpty {
                        defer { state.pending = Data() }
                        return .success(state.pending)
                    }
                    if state.finished { return state.failure.map { .failure($0) } ?? .success(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        }
    }
}

// MARK: - URLSessionStreamReader

/// The consuming side of a streamed body: reads the channel, resumes a suspended transfer, and
/// cancels the request when dropped before the end. It keeps the transport (and with it the
/// session) alive while the body is read.
final class URLSessionStreamReader: Sendable {
    private let channel: URLSessionResponseChannel
    private let transfer: URLSessionTransfer
    private let transport: URLSessionTransport

    init(channel: URLSessionResponseChannel, transfer: URLSessionTransfer, transport: URLSessionTransport) {
        self.channel = channel
        self.transfer = transfer
        self.transport = transport
    }

    deinit {
        transfer.stop(HTTPTransportError(kind: .cancelled, url: transfer.url, message: "the response body was dropped before its end"))
    }

    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await channel.next { transfer.resumeReading() }
        } onCancel: {
            transfer.stop(HTTPTransportError(kind: .cancelled, url: transfer.url, message: "the request was cancelled"))
        }
    }
}
