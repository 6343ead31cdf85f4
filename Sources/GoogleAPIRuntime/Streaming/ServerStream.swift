import Foundation
import GoogleHTTP

// MARK: - ServerStream

/// The elements of a server-streaming method (a response the server keeps open and writes to),
/// decoded one by one as each arrives.
///
/// - Memory is bounded: one element at a time (at most ``ServerStreamOptions/maxElementBytes``)
///   plus the transport's stream buffer, however long the stream runs.
/// - Back-pressure: bytes are read only when the consumer asks for the next element; a slow
///   consumer pauses the transfer.
/// - Cancelling the consuming task, or leaving the `for` loop, closes the connection at once;
///   a cancelled iteration throws `CancellationError`.
/// - After a dropped connection, a retryable status (5xx, 429) or a stall, it reconnects with the
///   last element's resume token (``ServerStreamOptions/resumption``), within the retry policy's
///   attempts, backoff and time budget, so nothing is delivered twice or skipped. It never
///   reconnects when that could repeat elements (delivered elements but no token).
/// - Only a new element renews that budget. A resumed connection's elements whose tokens were
///   already delivered (a server that ignores the token and starts over, or answers with the same
///   token) are skipped, not delivered again, and a reconnection that brings nothing new counts
///   against the budget; once it is spent the sequence throws ``ServerStreamError`` with
///   ``ServerStreamError/Code/resumeWithoutProgress`` instead of reconnecting forever.
/// - It ends when the server closes the JSON array, after a final element
///   (``ServerStreamOptions/isFinal``), or on an error with an ending reason; every other error is
///   thrown: ``GoogleAPIError`` (also for an `{"error": …}` element mid-stream),
///   ``ServerStreamError`` for bytes that are not the stream or resumptions without progress,
///   `GoogleHTTPTypes/HTTPTransportError`,
///   `GoogleAuth/OAuthError`.
///
/// Iterate it once per connection you want; each iterator opens its own.
public struct ServerStream<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    public let client: GoogleServiceClient
    /// The call as first sent (a resume adds the token to a copy).
    public let call: APICall
    public let options: ServerStreamOptions<Element>

    /// - Parameters:
    ///   - client: Sends the call.
    ///   - call: The streaming method's call.
    ///   - options: Framing, limits, resumption and end rules.
    public init(client: GoogleServiceClient, call: APICall, options: ServerStreamOptions<Element>) {
        self.client = client
        self.call = call
        self.options = options
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    // MARK: - Iterator

    /// Reads one connection at a time; reconnects as the options allow.
    public struct Iterator: AsyncIteratorProtocol {
        private let stream: ServerStream
        private var body: HTTPResponseBody.AsyncIterator?
        private var headers: GoogleHTTPHeaders = [:]
        /// The URL of the current connection (for errors; without query values once described).
        private var requestURL: URL?
        /// The last request sent (or about to be), for the wait report before reconnecting.
        private var lastRequest: GoogleHTTPRequest?
        private var scanner: (any StreamElementScanner)?
        private var resumeToken: String?
        /// The token the current connection was resumed with (`nil` on a first connection).
        private var resumedFrom: String?
        /// Whether the current connection delivered an element (it then continues past the resume point).
        private var connectionDeliveredNew = false
        /// Tokens of recently delivered elements, to recognize elements a resumed connection repeats.
        private var recentTokens = RecentResumeTokens()
        private var delivered = 0
        /// Failed connections since the last new element (the retry policy's attempts).
        private var failures = 0
        private var failuresStarted: ContinuousClock.Instant?
        /// Elements skipped as repeats since the last new element.
        private var repeatsSkipped = 0
        /// Event streams the server closed without a new element since the last new element.
        private var emptyCloses = 0
        private var scopesChecked = false
        private var finished = false

        init(stream: ServerStream) {
            self.stream = stream
        }

        private var policy: RetryPolicy { stream.options.retryPolicy ?? stream.client.session.configuration.retry }

        /// The next element, `nil` once the stream has ended.
        /// - Throws: See ``ServerStream``.
        public mutating func next() async throws -> Element? {
            while !finished {
                do {
                    try Task.checkCancellation()
                    if body == nil { try await connect() }
                    if let element = try await readElement() {
                        if isRepeat(element) {
                            repeatsSkipped += 1
                            continue
                        }
                        return deliver(element)
                    }
                    try endOfBody()
                } catch {
                    try await recover(from: error)
                }
            }
            close()
            return nil
        }

        // MARK: - Reading

        private mutating func readElement() async throws -> Element? {
            while var scanner {
                // Taken out while it changes, so its buffer is not copied on every element.
                self.scanner = nil
                if let bytes = try scanner.nextElement() {
                    self.scanner = scanner
                    return try decode(bytes, at: scanner.elementOffset)
                }
                guard let chunk = try await body?.next() else {
                    self.scanner = scanner
                    return nil
                }
                scanner.append(chunk)
                self.scanner = scanner
            }
            return nil
        }

        private func decode(_ bytes: Data, at offset: Int64) throws -> Element {
            if let error = StreamedErrorElement.apiError(in: bytes, headers: headers) { throw error }
            do {
                return try stream.client.decoder.decode(Element.self, from: bytes)
            } catch {
                throw ServerStreamError(
                    code: .undecodableElement, framing: stream.options.framing, byteOffset: offset, bytes: bytes,
                    detail: "\(Element.self): \(error)")
            }
        }

        /// Whether a resumed connection sent `element` before: its token was delivered already.
        /// Checked only until the connection brings a new element.
        private func isRepeat(_ element: Element) -> Bool {
            guard let resumedFrom, !connectionDeliveredNew, let token = stream.options.resumption?.token(element) else {
                return false
            }
            return token == resumedFrom || recentTokens.contains(token)
        }

        /// Hands out a new element: it renews the reconnection budget.
        private mutating func deliver(_ element: Element) -> Element {
            delivered += 1
            failures = 0
            failuresStarted = nil
            repeatsSkipped = 0
            emptyCloses = 0
            connectionDeliveredNew = true
            if let token = stream.options.resumption?.token(element) {
                resumeToken = token
                recentTokens.insert(token)
            }
            if stream.options.isFinal?(element) == true {
                finished = true
                close()
            }
            return element
        }

        /// The body ended: a closed array ends the stream; anything else is a dropped connection.
        private mutating func endOfBody() throws {
            guard let scanner else { return }
            close()
            if scanner.hasEndMarker {
                if scanner.isAtCleanEnd {
                    finished = true
                    return
                }
                throw HTTPTransportError(
                    kind: .connectionClosed, url: requestURL ?? stream.client.rootURL,
                    message: "the response ended before the stream's JSON array was closed")
            }
            // Server-sent events have no end marker: a resumable stream reconnects, another one ends.
            guard stream.options.resumption != nil else {
                finished = true
                return
            }
            if !connectionDeliveredNew { emptyCloses += 1 }
            throw HTTPTransportError(
                kind: .connectionClosed, url: requestURL ?? stream.client.rootURL, message: "the server closed the event stream")
        }

        // MARK: - Connecting

        private mutating func connect() async throws {
            let client = stream.client
            if !scopesChecked {
                try await client.checkScopes(stream.call)
                scopesChecked = true
            }
            var call = stream.call
            resumedFrom = nil
            connectionDeliveredNew = false
            if let resumption = stream.options.resumption, let resumeToken {
                call.setQuery(resumption.parameter, resumeToken)
                resumedFrom = resumeToken
            }
            if let alt = stream.options.framing.altValue { call.setQuery("alt", alt) }
            var request = try client.makeRequest(call)
            // A compressing server may hold elements back to fill its blocks: ask for them as sent.
            request.acceptsGzip = false
            if let stall = stream.options.stallTimeout {
                request.timeouts = HTTPTimeouts(connect: nil, request: nil, stall: stall)
            }
            lastRequest = request
            // One budget for the whole stream (ours, in `recover`): the session only refreshes.
            // Each connection is a call to the session's and the call's middleware, with the
            // method ID; its body's end is reported to them when this iterator drops it.
            let response = try await client.session.stream(
                request, idempotent: true, retryPolicy: .disabled, methodID: call.methodID,
                callMiddleware: call.options.callMiddleware, attemptMiddleware: call.options.attemptMiddleware)
            guard (200..<300).contains(response.status) else { throw await ResumingDownload.apiError(response) }
            if failures > 0 {
                stream.client.session.emit(
                    GoogleSessionEvent(
                        .streamReconnected, context: GoogleRequestContext(methodID: call.methodID, attempt: failures + 1, idempotent: true),
                        attributes: [("stream.reconnect", String(failures)), ("stream.resumed", resumedFrom == nil ? "false" : "true")]))
            }
            headers = response.headers
            requestURL = request.url
            body = response.body.makeAsyncIterator()
            scanner = stream.options.framing.makeScanner(maxElementBytes: stream.options.maxElementBytes)
        }

        /// Drops the connection (the transfer is cancelled when its body is released).
        private mutating func close() {
            body = nil
            scanner = nil
        }

        // MARK: - Recovering

        /// Ends the stream, waits before a reconnect, or throws `error`.
        private mutating func recover(from error: any Error) async throws {
            close()
            // However the transfer reported it, a cancelled consumer ends with CancellationError.
            if Task.isCancelled { throw CancellationError() }
            var retryAfter: Duration?
            let reason: String
            var status: Int?
            switch error {
            case let apiError as GoogleAPIError:
                if apiError.reasons.contains(where: stream.options.endingErrorReasons.contains) {
                    finished = true
                    return
                }
                guard isRetryable(apiError) else { throw error }
                retryAfter = RetryAfter.delay(from: apiError.headers, now: stream.client.session.configuration.now())
                reason = RetryWait.reason(status: apiError.status, googleReasons: Set(apiError.reasons))
                status = apiError.status
            case let transportError as HTTPTransportError:
                guard policy.retriesTransportErrors, transportError.isTransient else { throw error }
                reason = RetryWait.reason(transportError)
            default:
                throw error
            }
            // Reconnecting without a token after delivering elements would repeat them.
            guard delivered == 0 || resumeToken != nil else { throw error }
            failures += 1
            let now = ContinuousClock.now
            let started = failuresStarted ?? now
            failuresStarted = started
            // The retry stage's rule and announcement: observers see a stream's reconnect waits
            // as they see any retry's, with the method ID.
            let session = stream.client.session
            let waits = SessionRetryStage(
                policy: policy, sleep: session.configuration.sleep, now: session.configuration.now, events: session.events)
            let request = lastRequest ?? GoogleHTTPRequest(url: stream.client.rootURL)
            guard
                try await waits.waitBeforeRepeating(
                    request, context: GoogleRequestContext(methodID: stream.call.methodID, attempt: failures, idempotent: true),
                    retryAfter: retryAfter, elapsed: now - started, status: status, reason: reason)
            else { throw exhausted(error) }
        }

        /// What to throw once the budget is spent: the last failure, unless the connections
        /// since the last new element came back and brought nothing new — then it is the
        /// server not moving on, which more reconnecting would not change.
        private func exhausted(_ error: any Error) -> any Error {
            guard repeatsSkipped > 0 || emptyCloses > 0 else { return error }
            let reconnections = failures - 1
            let parameter = stream.options.resumption?.parameter ?? "the resume token"
            let detail =
                repeatsSkipped > 0
                ? "\(reconnections) reconnections with \(parameter) brought no new element, only \(repeatsSkipped) already delivered "
                    + "(skipped): the server ignores \(parameter) or answers it with the same token"
                : "the server closed the event stream \(emptyCloses) times without a new element"
            return ServerStreamError(
                code: .resumeWithoutProgress, framing: stream.options.framing, detail: detail, reconnections: reconnections)
        }

        private func isRetryable(_ error: GoogleAPIError) -> Bool {
            if policy.retryableStatuses.contains(error.status) { return true }
            return error.status == 403 && error.reasons.contains(where: policy.retryableForbiddenReasons.contains)
        }
    }
}

// MARK: - GoogleServiceClient

extension GoogleServiceClient {
    /// The elements of a server-streaming method as an asynchronous sequence.
    /// - Parameters:
    ///   - call: The method's call.
    ///   - type: The element type (the method's response schema).
    ///   - options: Framing, size limit, resumption and end rules.
    /// - Returns: A sequence that connects when first iterated; see ``ServerStream``.
    public func serverStream<Element: Decodable & Sendable>(
        _ call: APICall, of type: Element.Type, options: ServerStreamOptions<Element> = .init()
    ) -> ServerStream<Element> {
        ServerStream(client: self, call: call, options: options)
    }
}
