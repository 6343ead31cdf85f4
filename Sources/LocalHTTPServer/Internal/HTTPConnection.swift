import Foundation
import GoogleHTTPTypes

// MARK: - HTTPConnection

/// Serves the requests of one TCP connection, in order, on the connection's own thread.
final class HTTPConnection {
    private let socket: SocketConnection
    private let id: Int
    private let core: ServerCore
    private var configuration: LocalHTTPServer.Configuration { core.configuration }

    init(socket: SocketConnection, id: Int, core: ServerCore) {
        self.socket = socket
        self.id = id
        self.core = core
    }

    /// Serves requests until the client or the server ends the connection.
    func run() {
        var isFirstRequest = true
        while !core.isStopped {
            guard serveOneRequest(isFirstRequest: isFirstRequest) else { return }
            isFirstRequest = false
        }
    }

    // MARK: - One request

    /// - Returns: whether the connection may carry another request.
    private func serveOneRequest(isFirstRequest: Bool) -> Bool {
        let head: RequestHead
        core.setAwaitingHead(id, true)
        switch readHead(isFirstRequest: isFirstRequest) {
        case .head(let parsed, let methodHasLowercase):
            head = parsed
            if let refusal = Self.refusal(of: head, methodHasLowercase: methodHasLowercase) {
                writeError(status: refusal.status, message: refusal.message)
                return false
            }
        case .closed:
            return false
        case .rejected(let error):
            writeError(status: error.status, message: error.reason)
            return false
        case .headTimedOut:
            // Someone is still there (bytes arrived): say why the connection ends.
            if socket.bufferedCount > 0 { writeError(status: 408, message: "Request head not received in time") }
            return false
        }

        // From a whole head to the response's last byte handed to the kernel.
        core.responsesInProgress.wrappingAdd(1, ordering: .relaxed)
        defer { core.responsesInProgress.wrappingSubtract(1, ordering: .releasing) }
        var keepAlive = Self.wantsKeepAlive(head)
        let framing: RequestBodyReader.Framing
        do {
            framing = try Self.bodyFraming(head)
        } catch {
            writeError(status: 400, message: error.reason)
            return false
        }

        let target = RequestTarget.parse(head.target)
        var request = HTTPServerRequest(
            method: head.method, target: head.target, path: target.path, query: target.query,
            queryItems: target.queryItems, headers: head.headers, body: Data(), connectionID: id)
        request.httpMinorVersion = head.minorVersion

        let expectsContinue =
            framing != .none
            && (head.headers["Expect"].map { $0.lowercased() == "100-continue" } ?? false)
        let reader = RequestBodyReader(
            socket: socket, framing: framing, readTimeout: configuration.readTimeout,
            maxLineBytes: configuration.maxHeaderBytes)

        let response: HTTPServerResponse
        if framing != .none, let decide = configuration.streamRequestBody, decide(request) {
            var declared: Int64?
            if case .length(let length) = framing { declared = length }
            core.setAwaitingHead(id, false)
            let outcome = runStreaming(request, reader: reader, declaredLength: declared, expectsContinue: expectsContinue)
            response = outcome.response
            if !reader.isComplete {
                keepAlive =
                    keepAlive && shouldDrain(outcome, response: response, expectsContinue: expectsContinue)
                    && reader.drain(limit: configuration.maxDrainBytes)
            }
        } else {
            switch readBufferedBody(reader, framing: framing, expectsContinue: expectsContinue) {
            case .body(let body):
                request.body = body
            case .reject(let status, let message):
                writeError(status: status, message: message)
                return false
            case .closed:
                return false
            }
            core.setAwaitingHead(id, false)
            let handler = core.handler
            let sendableRequest = request
            response = BlockingBridge.run { await handler(sendableRequest) }
        }
        core.requestsHandled.wrappingAdd(1, ordering: .relaxed)

        let writer = ResponseWriter(socket: socket)
        return writer.write(response, requestMethod: head.method, minorVersion: head.minorVersion, keepAlive: keepAlive)
    }

    /// Whether to read away what the handler left of a streamed body, so the connection can be
    /// reused. Not when the body already failed, when the client is still waiting for our
    /// `100 Continue` (it may never send), or when the response is going to close anyway.
    private func shouldDrain(_ outcome: StreamingOutcome, response: HTTPServerResponse, expectsContinue: Bool) -> Bool {
        if outcome.bodyFailed { return false }
        if expectsContinue && !outcome.sentContinue { return false }
        return !response.dropsConnection
    }

    // MARK: - Head

    private enum HeadOutcome {
        /// A parsed head, and whether its method token had lowercase letters (the parser keeps
        /// the method in upper case).
        case head(RequestHead, methodHasLowercase: Bool)
        case closed
        case rejected(RequestHeadError)
        /// The whole head did not arrive within ``LocalHTTPServer/Configuration/requestHeadTimeout``.
        case headTimedOut
    }

    /// Reads one request head. Every wait is bounded by the idle or read timeout and, in total, by
    /// the head deadline: from the connection's start for its first request, else from the first
    /// byte (leading blank lines count, so they cannot be dripped for ever either).
    private func readHead(isFirstRequest: Bool) -> HeadOutcome {
        let maxHeaderBytes = configuration.maxHeaderBytes
        let headTimeout = configuration.requestHeadTimeout
        var deadline = isFirstRequest ? headTimeout.map { ContinuousClock.now + $0 } : nil
        if deadline == nil, socket.bufferedCount > 0, let headTimeout { deadline = ContinuousClock.now + headTimeout }
        while true {
            let skipped = socket.withBufferedBytes { RequestHeadParser.leadingEmptyLineBytes(in: $0) }
            socket.skip(skipped)
            let located = socket.withBufferedBytes { RequestHeadParser.headLength(in: $0) }
            if let length = located {
                guard length <= maxHeaderBytes else { return .rejected(.tooLarge) }
                let (parsed, methodHasLowercase) = socket.withBufferedBytes { bytes in
                    (
                        Result { () throws(RequestHeadError) in
                            try RequestHeadParser.parse(UnsafeBufferPointer(rebasing: bytes[0..<length]))
                        },
                        bytes[0..<length].prefix { $0 != 0x20 }.contains { (0x61...0x7A).contains($0) }
                    )
                }
                socket.skip(length)
                switch parsed {
                case .success(let head): return .head(head, methodHasLowercase: methodHasLowercase)
                case .failure(let error): return .rejected(error)
                }
            }
            if socket.bufferedCount > maxHeaderBytes { return .rejected(.tooLarge) }
            var timeout = socket.bufferedCount == 0 ? configuration.idleTimeout : configuration.readTimeout
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else { return .headTimedOut }
                timeout = min(timeout, remaining)
            }
            do {
                try socket.fill(timeout: timeout)
            } catch {
                if let deadline, ContinuousClock.now >= deadline { return .headTimedOut }
                // A half-sent head from a client that gave up gets no answer: nobody would read it.
                return .closed
            }
            if deadline == nil, let headTimeout { deadline = ContinuousClock.now + headTimeout }
        }
    }

    // MARK: - Method and Host

    /// What RFC 9110 and 9112 say to answer before any handler sees the request: a method token
    /// is case-sensitive, and no method this server implements (nor any registered one) has
    /// lowercase letters, so `post` is an unknown method (501, §9.1 and §15.6.2); an HTTP/1.1
    /// request must carry exactly one `Host` field, and no request may carry two (RFC 9112 §3.2:
    /// 400), nor one whose value cannot be a host and port.
    static func refusal(of head: RequestHead, methodHasLowercase: Bool) -> (status: Int, message: String)? {
        if methodHasLowercase { return (501, "Unknown method (methods are case-sensitive)") }
        let hosts = head.headers.values(for: "Host")
        if hosts.count > 1 { return (400, "More than one Host header") }
        guard let host = hosts.first else {
            return head.minorVersion == 0 ? nil : (400, "Missing Host header")
        }
        let allowed = { (byte: UInt8) in
            // reg-name, IPv4, [IPv6] and :port characters (RFC 3986), nothing that splits or nests.
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
                true
            default: false
            }
        }
        guard host.utf8.allSatisfy(allowed) else { return (400, "Invalid Host header") }
        return nil
    }

    // MARK: - Framing

    private static func wantsKeepAlive(_ head: RequestHead) -> Bool {
        let tokens = head.headers.values(for: "Connection")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if tokens.contains("close") { return false }
        if head.minorVersion == 0 { return tokens.contains("keep-alive") }
        return true
    }

    private static func bodyFraming(_ head: RequestHead) throws(RequestHeadError) -> RequestBodyReader.Framing {
        let transferEncodings = head.headers.values(for: "Transfer-Encoding")
        let contentLengths = head.headers.values(for: "Content-Length")
        if !transferEncodings.isEmpty {
            // Both present is a request-smuggling signal (RFC 9112 §6.3): refuse it.
            guard contentLengths.isEmpty else { throw .malformed("both Transfer-Encoding and Content-Length") }
            let codings = transferEncodings.flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard codings.last == "chunked" else { throw .malformed("unsupported transfer coding") }
            return .chunked
        }
        guard !contentLengths.isEmpty else { return .none }
        guard let length = head.headers.contentLength else { throw .malformed("invalid Content-Length") }
        return length == 0 ? .none : .length(length)
    }

    // MARK: - Buffered body

    private enum BufferedBody {
        case body(Data)
        case reject(status: Int, message: String)
        case closed
    }

    private func readBufferedBody(
        _ reader: RequestBodyReader, framing: RequestBodyReader.Framing, expectsContinue: Bool
    ) -> BufferedBody {
        let limit = configuration.maxBodyBytes
        if case .length(let length) = framing, length > Int64(limit) {
            return .reject(status: 413, message: "Request body larger than \(limit) bytes")
        }
        if expectsContinue {
            do { try socket.write("HTTP/1.1 100 Continue\r\n\r\n") } catch { return .closed }
        }
        var body = Data()
        if case .length(let length) = framing { body.reserveCapacity(Int(length)) }
        do {
            while let piece = try reader.next() {
                guard body.count + piece.count <= limit else {
                    return .reject(status: 413, message: "Request body larger than \(limit) bytes")
                }
                body.append(piece)
            }
        } catch .malformedChunkedEncoding(let why) {
            return .reject(status: 400, message: "Malformed chunked body: \(why)")
        } catch {
            return .closed
        }
        return .body(body)
    }

    // MARK: - Streamed body

    private struct StreamingOutcome {
        var response: HTTPServerResponse
        var sentContinue: Bool
        var bodyFailed: Bool
    }

    /// Runs the handler while feeding its body stream from this thread, one piece per demand.
    private func runStreaming(
        _ request: HTTPServerRequest, reader: RequestBodyReader, declaredLength: Int64?, expectsContinue: Bool
    ) -> StreamingOutcome {
        // The handler's jobs run on this thread too (see `CallerThreadExecutor`), between reads.
        let executor = CallerThreadExecutor()
        defer { executor.close() }
        let channel = RequestBodyChannel(wake: { executor.wake() })
        var streamingRequest = request
        streamingRequest.bodyStream = HTTPServerBodyStream(channel: channel, declaredLength: declaredLength)
        let sendableRequest = streamingRequest
        let result = ResultBox<HTTPServerResponse>()
        let handler = core.handler
        Task(executorPreference: executor) {
            let response = await handler(sendableRequest)
            result.set(response)
            executor.wake()
        }
        var sentContinue = false
        var bodyFailed = false
        while true {
            executor.runJobsUntilWoken()
            if result.isSet { break }
            guard let demand = channel.takeDemand() else { continue }
            if bodyFailed {
                demand.resume(throwing: HTTPServerBodyError(kind: .connectionClosed, message: "request body unavailable"))
                continue
            }
            if expectsContinue && !sentContinue {
                sentContinue = true
                do {
                    try socket.write("HTTP/1.1 100 Continue\r\n\r\n")
                } catch {
                    bodyFailed = true
                    channel.finish(HTTPServerBodyError(kind: .connectionClosed, message: "connection closed"))
                    demand.resume(throwing: HTTPServerBodyError(kind: .connectionClosed, message: "connection closed"))
                    continue
                }
            }
            do {
                if let piece = try reader.next() {
                    demand.resume(returning: piece)
                } else {
                    channel.finish(nil)
                    demand.resume(returning: nil)
                }
            } catch {
                let bodyError = Self.bodyError(error)
                bodyFailed = true
                channel.finish(bodyError)
                demand.resume(throwing: bodyError)
            }
        }
        channel.finish(HTTPServerBodyError(kind: .handlerFinished, message: "the handler has returned"))
        // `isSet` was true above, so the response is there.
        let response = result.take() ?? HTTPServerResponse(status: 500)
        return StreamingOutcome(response: response, sentContinue: sentContinue, bodyFailed: bodyFailed)
    }

    private static func bodyError(_ error: BodyReadError) -> HTTPServerBodyError {
        switch error {
        case .malformedChunkedEncoding(let why):
            HTTPServerBodyError(kind: .malformed, message: "malformed chunked body: \(why)")
        case .socket(.timedOut):
            HTTPServerBodyError(kind: .timedOut, message: "the client stopped sending the body")
        case .socket:
            HTTPServerBodyError(kind: .connectionClosed, message: "the connection closed before the body ended")
        }
    }

    // MARK: - Errors

    private func writeError(status: Int, message: String) {
        let response = HTTPServerResponse.text(message + "\n", status: status)
        _ = ResponseWriter(socket: socket).write(response, requestMethod: .get, minorVersion: 1, keepAlive: false)
    }
}
