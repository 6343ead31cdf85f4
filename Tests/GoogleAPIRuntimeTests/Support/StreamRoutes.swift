import Foundation
import GoogleAPIRuntime
import GoogleAuth
import GoogleBase
import GoogleHTTPTypes
import LocalHTTPServer
import Synchronization

// MARK: - ScriptedBody

/// A streamed response body that plays steps in order: bytes, pauses, a dropped connection, or
/// keep-alives until the client goes away. Tells when the server stopped pulling it (the
/// connection closed), through `probe`.
struct ScriptedBody: AsyncSequence, Sendable {
    enum Step: Sendable {
        case bytes(Data)
        case pause(Duration)
        /// Throw: the server closes the connection without finishing the body.
        case drop
        /// Send `keepAlive` every `interval` until the server stops pulling (the client left).
        case keepAliveForever(Data, interval: Duration)
    }

    let steps: [Step]
    let probe: BodyProbe

    init(_ steps: [Step], probe: BodyProbe = BodyProbe()) {
        self.steps = steps
        self.probe = probe
    }

    static func text(_ pieces: [String], probe: BodyProbe = BodyProbe()) -> ScriptedBody {
        ScriptedBody(pieces.map { .bytes(Data($0.utf8)) }, probe: probe)
    }

    struct Dropped: Error {}

    func makeAsyncIterator() -> Iterator {
        Iterator(steps: steps[...], sentinel: BodySentinel(probe: probe))
    }

    struct Iterator: AsyncIteratorProtocol {
        var steps: ArraySlice<Step>
        let sentinel: BodySentinel

        mutating func next() async throws -> Data? {
            sentinel.probe.pulled()
            while let step = steps.first {
                switch step {
                case .bytes(let data):
                    steps.removeFirst()
                    sentinel.probe.sent(data.count)
                    return data
                case .pause(let duration):
                    steps.removeFirst()
                    await OffPoolTimer.sleep(for: duration)
                case .drop:
                    steps.removeFirst()
                    throw Dropped()
                case .keepAliveForever(let data, let interval):
                    await OffPoolTimer.sleep(for: interval)
                    return data
                }
            }
            return nil
        }
    }
}

/// What the server did with a ``ScriptedBody``.
final class BodyProbe: Sendable {
    private let state = Mutex((pulls: 0, bytes: 0, released: false))
    func pulled() { state.withLock { $0.pulls += 1 } }
    func sent(_ count: Int) { state.withLock { $0.bytes += count } }
    func release() { state.withLock { $0.released = true } }
    /// Whether the server let go of the body (its connection ended).
    var released: Bool { state.withLock { $0.released } }
    var bytesSent: Int { state.withLock { $0.bytes } }
}

/// Marks the body released when the server drops its iterator.
final class BodySentinel: Sendable {
    let probe: BodyProbe
    init(probe: BodyProbe) { self.probe = probe }
    deinit { probe.release() }
}

// MARK: - Routes

extension HTTPServerResponse {
    /// A `200` whose body plays `body`.
    static func streaming(_ body: ScriptedBody, contentType: String = "application/json; charset=UTF-8") -> HTTPServerResponse {
        HTTPServerResponse(status: 200, headers: ["Content-Type": contentType], body: .stream(HTTPBodyStream(body)))
    }
}

/// A numbered stream element: `{"n":N,"nextPageToken":"tN"}` plus optional padding.
struct NumberedElement: Codable, Sendable, Equatable {
    var n: Int
    var nextPageToken: String?
    var pad: String?

    static func json(_ n: Int, pad: Int = 0) -> String {
        "{\"n\":\(n),\"nextPageToken\":\"t\(n)\"" + (pad > 0 ? ",\"pad\":\"\(String(repeating: "x", count: pad))\"" : "") + "}"
    }

    /// Elements `range` as one JSON array's pieces: `[` + first, `,\r\n` + each next, `]`.
    static func arrayPieces(_ range: ClosedRange<Int>, closed: Bool = true) -> [String] {
        var pieces = range.enumerated().map { index, n in (index == 0 ? "[" : ",\r\n") + json(n) }
        if closed { pieces.append("\r\n]") }
        return pieces
    }
}

extension ServerStreamOptions where Element == NumberedElement {
    /// Resumes with `pageToken`, retries without real waits.
    static func numbered(framing: ServerStreamFraming = .jsonArray, maxElementBytes: Int = 4 << 20) -> Self {
        ServerStreamOptions(framing: framing, maxElementBytes: maxElementBytes, resumption: .pageToken { $0.nextPageToken })
    }
}

/// The call every stream test sends (`GET stream/{name}`, no scopes).
func streamCall(_ name: String) -> APICall {
    var call = APICall(method: .get, path: "stream/{name}", scopes: [])
    call.setPath("name", name)
    return call
}
