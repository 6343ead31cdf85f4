import Foundation
import GoogleBase
public import LocalHTTPServer

// MARK: - FaultyResponse

/// Turns an ordinary response into one that misbehaves on the wire the way real networks, proxies
/// and Google's front ends do: a late head, a slow body, a body cut short, no answer at all.
///
/// LocalHTTPServer has no fault injection; every shape here is made of its ordinary features. A
/// cut body is a `.stream` that declares the whole `Content-Length` and throws part-way, so the
/// server closes the connection unfinished; a slow body is a `.stream` that pauses between chunks
/// (keeping a declared `Content-Length`, so clients see a slow body, not a chunked one); a late
/// head is the handler waiting before it returns; no answer is
/// `LocalHTTPServer/HTTPServerResponse/dropConnection`. The emulator applies its scripted
/// ``EmulatorFault``s through it, and test servers built directly on LocalHTTPServer can use it too.
///
/// Waits use a dispatch timer, not `Task.sleep`: handlers and response streams run on the
/// connection's own thread, and a timer that wakes that thread directly keeps the server answering
/// however busy the cooperative pool is.
public enum FaultyResponse {
    /// The response with its body cut after `count` bytes: the head announces the whole
    /// `Content-Length`, `count` bytes follow, then the server closes the connection.
    ///
    /// A body of `count` bytes or fewer is sent whole. A `.stream` without `Content-Length` stays
    /// chunked and ends without its final chunk. A `.file` the emulator cannot open is returned
    /// unchanged (the server answers 500 for it, as usual).
    /// - Parameters:
    ///   - response: What the handler answered.
    ///   - count: Body bytes to send before closing; negative counts as 0.
    public static func cut(_ response: HTTPServerResponse, afterBodyBytes count: Int) -> HTTPServerResponse {
        reshaped(response, cutAfter: Int64(max(0, count)), pacing: nil)
    }

    /// The response with its body sent in pieces of `chunkSize` bytes and `delay` between them.
    /// - Parameters:
    ///   - response: What the handler answered.
    ///   - chunkSize: Bytes per piece; at least 1.
    ///   - delay: The pause before each piece but the first.
    public static func slowed(_ response: HTTPServerResponse, chunkSize: Int, delay: Duration) -> HTTPServerResponse {
        reshaped(response, cutAfter: nil, pacing: ShapedBody.Pacing(chunkSize: max(1, chunkSize), delay: delay))
    }

    /// Waits `delay`, then returns `response` unchanged: awaited by a handler, it delays the
    /// response head by that much.
    /// - Parameters:
    ///   - response: What the handler answered.
    ///   - delay: How long to hold it back.
    public static func delayed(_ response: HTTPServerResponse, by delay: Duration) async -> HTTPServerResponse {
        if delay > .zero { await OffPoolTimer.sleep(for: delay) }
        return response
    }

    /// No answer: the connection is closed without a response. `status` is only what the caller's
    /// own records show (the emulator's request log says 503).
    public static func noResponse(recordedStatus status: Int = 503) -> HTTPServerResponse {
        var response = HTTPServerResponse.dropConnection
        response.status = status
        return response
    }

    // MARK: - Scripted faults

    /// Applies a scripted fault to the request `respond` answers.
    ///
    /// `.status` answers in place of the handler (Google's error JSON) and `.closeWithoutResponse`
    /// does not call it; `.statusAfterHandling` calls it and answers the error all the same; the other connection faults shape what it answers. `.dropUploadConnection`
    /// acts inside the upload handler, so it is not applied here.
    static func applying(
        _ fault: EmulatorFault, to respond: () async -> HTTPServerResponse
    ) async -> HTTPServerResponse {
        switch fault {
        case .status(let code, let retryAfter):
            return EmulatorRequestHandler.statusFault(code, retryAfter: retryAfter)
        case .statusAfterHandling(let code):
            _ = await respond()
            return EmulatorRequestHandler.statusFault(code, retryAfter: nil)
        case .closeWithoutResponse:
            return noResponse()
        case .dropConnection(let bytes):
            return cut(await respond(), afterBodyBytes: bytes)
        case .delay(let duration):
            return await delayed(await respond(), by: duration)
        case .slowBody(let chunkSize, let delay):
            return slowed(await respond(), chunkSize: chunkSize, delay: delay)
        case .dropUploadConnection:
            return await respond()
        }
    }

    // MARK: - Body

    private static func reshaped(_ response: HTTPServerResponse, cutAfter: Int64?, pacing: ShapedBody.Pacing?) -> HTTPServerResponse {
        guard !response.dropsConnection, let source = ShapedBody.Source(response.body) else { return response }
        var shaped = response
        if let length = source.length {
            shaped.headers["Content-Length"] = String(length)
        }
        shaped.body = .stream(HTTPBodyStream(ShapedBody(source: source, cutAfter: cutAfter, pacing: pacing)))
        return shaped
    }
}
