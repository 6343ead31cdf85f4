import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes
import Synchronization

// MARK: - ResponseBodyState

/// Whether the body of a response handed to middleware was read already or streams on.
enum ResponseBodyState: Sendable {
    /// The session read it whole (or a prefix of an error body) before `next` returned.
    case read(bytes: Int64)
    /// The caller reads it after `next` returned; the tracker reports its end.
    case streaming(ResponseBodyTracker)
}

// MARK: - ResponseBodyTracker

/// Tells the handlers middleware registered (``GoogleMiddlewareResponse/onBodyEnd(_:)``) once
/// how a streamed body ended. It holds the handlers and the ending, never the body: a response
/// or handler kept by middleware keeps no transfer alive, and a body dropped unread still ends
/// (``TrackedResponseBody`` reports it from its `deinit`).
final class ResponseBodyTracker: Sendable {
    private struct State {
        var ending: GoogleResponseBodyEnd?
        var handlers: [@Sendable (GoogleResponseBodyEnd) -> Void] = []
    }

    private let state = PlainLock(State())

    /// Calls `handler` at the body's end, or now when it ended already.
    func register(_ handler: @escaping @Sendable (GoogleResponseBodyEnd) -> Void) {
        let ended: GoogleResponseBodyEnd? = state.withLock { state in
            if let ending = state.ending { return ending }
            state.handlers.append(handler)
            return nil
        }
        if let ended { handler(ended) }
    }

    /// Records the ending (only the first counts) and calls the handlers, outside the lock.
    func finish(_ ending: GoogleResponseBodyEnd) {
        let handlers: [@Sendable (GoogleResponseBodyEnd) -> Void] = state.withLock { state in
            guard state.ending == nil else { return [] }
            state.ending = ending
            defer { state.handlers = [] }
            return state.handlers
        }
        for handler in handlers { handler(ending) }
    }

    /// Whether the body ended.
    var hasEnded: Bool { state.withLock { $0.ending != nil } }
}

// MARK: - TrackedResponseBody

/// A streamed body's source that counts its bytes and reports to a ``ResponseBodyTracker`` how
/// it ended: `nil` (completed), an error (failed, or abandoned when its reader was cancelled), or
/// released unfinished (abandoned). Only built when middleware could listen.
final class TrackedResponseBody: Sendable {
    /// The transport's iterator: only a `@Sendable` closure, called by one reader at a time.
    private nonisolated(unsafe) let source: HTTPResponseBody.AsyncIterator
    let tracker: ResponseBodyTracker
    private let bytes = Atomic<Int64>(0)

    private init(_ body: HTTPResponseBody, tracker: ResponseBodyTracker) {
        self.source = body.makeAsyncIterator()
        self.tracker = tracker
    }

    /// `body` wrapped, and the tracker that reports its end.
    static func wrap(_ body: HTTPResponseBody) -> (body: HTTPResponseBody, tracker: ResponseBodyTracker) {
        let tracked = TrackedResponseBody(body, tracker: ResponseBodyTracker())
        return (HTTPResponseBody(nextChunk: { try await tracked.next() }), tracked.tracker)
    }

    private func next() async throws -> Data? {
        var source = source
        do {
            guard let chunk = try await source.next() else {
                end(.completed)
                return nil
            }
            bytes.add(Int64(chunk.count), ordering: .relaxed)
            return chunk
        } catch {
            end(error is CancellationError || Task.isCancelled ? .abandoned : .failed, error: error)
            throw error
        }
    }

    private func end(_ outcome: GoogleResponseBodyEnd.Outcome, error: (any Error)? = nil) {
        tracker.finish(GoogleResponseBodyEnd(outcome, error: error, bytes: bytes.load(ordering: .relaxed)))
    }

    deinit {
        // Released before its end: the reader stopped (or never started); the transfer is
        // aborted as the source goes with it.
        if !tracker.hasEnded { end(.abandoned) }
    }
}
