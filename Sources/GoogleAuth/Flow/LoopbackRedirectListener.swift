import Foundation
import GoogleBase
import GoogleHTTP
import LocalHTTPServer
import Synchronization

// MARK: - LoopbackRedirectListener

/// A one-shot HTTP listener on `127.0.0.1` (or `[::1]` when IPv4 is unavailable) and a random free
/// port that receives the authorization redirect.
///
/// The first request on the redirect path whose `state` matches the expected one completes the
/// flow and is answered with a short page asking the user to return to the app (a different page
/// when it carries an `error`). A request with a missing or wrong `state` gets a 400 page and the
/// listener keeps waiting for the real redirect until the timeout: any local process can reach
/// the port, so only the holder of the state (the browser returning from Google) may end the
/// wait. Other paths (e.g. `/favicon.ico`) get 404. Malformed requests are rejected by the server
/// without affecting the flow; the server serves a few connections at a time and cuts off a
/// client that sends its request head too slowly, so idle or drip-feeding connections cannot
/// hold the port either.
public final class LoopbackRedirectListener: Sendable {
    /// The path of the redirect URI (Google's examples use `/`).
    public let path: String
    private let server: LocalHTTPServer
    private let inbox: Inbox

    /// Starts listening.
    /// - Parameters:
    ///   - expectedState: The request's `state`; only a redirect carrying it ends the wait.
    ///   - path: The redirect path, `/` by default.
    /// - Throws: ``OAuthError/Code/listenerFailed`` when neither loopback address can be bound.
    public init(expectedState: String, path: String = "/") throws {
        let inbox = Inbox()
        let handler: HTTPServerHandler = { request in
            Self.respond(to: request, path: path, expectedState: expectedState, inbox: inbox)
        }
        var lastError: LocalHTTPServerError?
        var started: LocalHTTPServer?
        for host in [LocalHTTPServer.Configuration.Host.ipv4Loopback, .ipv6Loopback] {
            let configuration = LocalHTTPServer.Configuration(
                host: host, port: 0, maxHeaderBytes: 16 * 1024, maxBodyBytes: 64 * 1024,
                idleTimeout: .seconds(10), readTimeout: .seconds(10),
                requestHeadTimeout: Self.requestHeadTimeout, maxConnections: Self.maxConnections)
            do {
                started = try LocalHTTPServer.start(configuration: configuration, handler: handler)
                break
            } catch {
                lastError = error
            }
        }
        guard let started else {
            throw OAuthError.listenerFailed(reason: lastError?.description ?? "cannot bind a loopback address")
        }
        self.server = started
        self.inbox = inbox
        self.path = path
    }

    deinit {
        server.stop()
    }

    /// A browser sends its whole request at once; seconds are plenty even on a loaded machine.
    static let requestHeadTimeout: Duration = .seconds(10)
    /// Browsers open a few parallel connections; more than this are idle or hostile.
    static let maxConnections = 16

    /// `http://127.0.0.1:PORT/` (the form Google's documentation uses).
    public var redirectURI: String {
        server.baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path)
    }

    /// The bound port.
    public var port: Int { server.port }

    /// Waits for the redirect.
    /// - Parameter timeout: How long to wait.
    /// - Returns: The first redirect whose `state` matched (its code is not yet exchanged).
    /// - Throws: ``OAuthError/Code/timedOut``, ``OAuthError/Code/cancelled``.
    public func waitForCallback(timeout: Duration) async throws -> AuthorizationCallback {
        let callback = try await inbox.next(timeout: timeout)
        await drainResponses()
        return callback
    }

    /// Stops listening; the port is released.
    public func stop() {
        server.stop()
    }

    /// Gives the server a moment to finish writing the page. Only responses in progress are
    /// waited for: a browser's idle keep-alive connections (it opens spare ones) never end by
    /// themselves, and waiting for them held the flow up to a second.
    private func drainResponses() async {
        for _ in 0..<100 where server.responsesInProgress > 0 {
            await OffPoolTimer.sleep(for: .milliseconds(5))
        }
    }

    // MARK: - Handling requests

    private static func respond(
        to request: HTTPServerRequest, path: String, expectedState: String, inbox: Inbox
    ) -> HTTPServerResponse {
        guard request.path == path else { return .notFound }
        guard request.method == .get || request.method == .head else {
            return HTTPServerResponse.text("Method Not Allowed", status: 405)
        }
        let callback = AuthorizationCallback(queryItems: request.queryItems)
        guard callback.code != nil || callback.error != nil || callback.state != nil else {
            return page(title: "Missing parameters", message: "This address only receives sign-in responses.", status: 400)
        }
        // Only the holder of the state may end the wait; anything else is refused and ignored.
        guard let state = callback.state, AuthorizationRequest.constantTimeEquals(state, expectedState) else {
            return page(
                title: "Not this sign-in",
                message: "This response does not belong to the sign-in in progress. The application is still waiting.",
                status: 400)
        }
        guard inbox.deliver(callback) else {
            return page(title: "Already handled", message: "This sign-in was already completed. You can close this window.", status: 200)
        }
        var response: HTTPServerResponse
        if callback.error == nil, callback.code != nil {
            response = page(
                title: "Authorization complete",
                message: "You can close this browser window and return to the application.", status: 200)
        } else {
            let reason = callback.error.map(OAuthError.sanitizedDescription) ?? "no authorization code"
            response = page(
                title: "Authorization failed",
                message:
                    "The application did not receive access (\(escapeHTML(reason))). You can close this window and try again from the application.",
                status: 200)
        }
        response.headers["Connection"] = "close"
        return response
    }

    /// Every page answers a URL that may carry a code: never cached, never sent on as a referrer.
    private static func page(title: String, message: String, status: Int) -> HTTPServerResponse {
        var response = HTTPServerResponse.html(
            """
            <!doctype html><html><head><meta charset="utf-8"><title>\(title)</title></head>
            <body style="font-family: sans-serif; margin: 3em"><h1>\(title)</h1><p>\(message)</p></body></html>
            """, status: status)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response
    }

    private static func escapeHTML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

// MARK: - Inbox

/// Holds the first callback until the flow takes it; later callbacks are refused.
///
/// The wait ends by the callback, a timer or cancellation, each resuming the waiter directly. The
/// timer is an ``OffPoolTimer`` (a sleeping task's wake-up and cancellation would need a free
/// cooperative thread), so the flow finishes however busy the cooperative pool is.
private final class Inbox: Sendable {
    private enum Outcome: Sendable {
        case callback(AuthorizationCallback)
        case timedOut
        case cancelled
    }

    private struct State {
        var delivered: AuthorizationCallback?
        var accepted = false
        var waiter: CheckedContinuation<Outcome, Never>?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// - Returns: Whether this was the first callback.
    func deliver(_ callback: AuthorizationCallback) -> Bool {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Outcome, Never>?) in
            guard !state.accepted else { return (false, nil) }
            state.accepted = true
            state.delivered = callback
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(returning: .callback(callback))
        return first
    }

    /// The first callback.
    /// - Throws: ``OAuthError/Code/timedOut`` or ``OAuthError/Code/cancelled``.
    func next(timeout: Duration) async throws -> AuthorizationCallback {
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let immediate: Outcome? = state.withLock { state in
                    if let delivered = state.delivered { return .callback(delivered) }
                    if state.cancelled { return .cancelled }
                    state.waiter = continuation
                    return nil
                }
                if let immediate {
                    continuation.resume(returning: immediate)
                    return
                }
                OffPoolTimer.schedule(after: timeout) { [weak self] in
                    self?.resumeWaiter(with: .timedOut)
                }
            }
        } onCancel: {
            state.withLock { $0.cancelled = true }
            resumeWaiter(with: .cancelled)
        }
        switch outcome {
        case .callback(let callback): return callback
        case .timedOut: throw OAuthError.timedOut(after: timeout)
        case .cancelled: throw OAuthError(code: .cancelled)
        }
    }

    private func resumeWaiter(with outcome: Outcome) {
        let waiter = state.withLock { state in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }
}
