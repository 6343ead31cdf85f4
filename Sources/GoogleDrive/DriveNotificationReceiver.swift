public import Foundation
internal import LocalHTTPServer
import Synchronization

// MARK: - DriveNotificationReceiver

/// A ready webhook for Drive push notifications on the package's HTTP server, for command-line
/// tools and tests: it listens on loopback, verifies each POST with
/// ``DriveNotification/verify(header:channels:now:)`` against the channels it was told about,
/// answers 200 to good ones and 403 to the rest, and wakes a ``DriveChangeFeed`` on every
/// verified change. Duplicated or out-of-order notifications only wake the feed again, which
/// costs at most one look at the changes.
///
/// Google delivers only to public HTTPS addresses: in production put this behind a reverse
/// proxy or tunnel that forwards to ``address``, or call `verify` from your own server.
///
/// What Drive sends is in the headers (a notification's body is empty or a few bytes), so the
/// receiver is sized for that (see ``Limits``): it checks the method and headers before reading
/// any body, refuses a body larger than a few KiB, answers a request head that takes more than a
/// few seconds with 408, and keeps a bounded number of connections, closing the oldest idle ones
/// first, so that a stranger who finds the address cannot exhaust its memory or threads.
public final class DriveNotificationReceiver: Sendable {
    /// What the receiver accepts from one client, and how many clients at once. The defaults are
    /// safe on the internet; the same values suit a receiver behind a reverse proxy.
    public struct Limits: Sendable, Hashable {
        /// The largest request line and headers; larger heads are answered 431. Drive's are
        /// under 1 KiB.
        public var maxHeaderBytes: Int
        /// The largest body; a larger declared or sent body is answered 413 without being kept.
        /// Drive's notifications carry what they say in headers.
        public var maxBodyBytes: Int
        /// The most connections at once; past it the one idle longest is closed.
        public var maxConnections: Int
        /// The longest a request head may take to arrive (answered 408 after it).
        public var requestHeadTimeout: Duration
        /// How long an idle keep-alive connection, or a stalled body, is waited for.
        public var idleTimeout: Duration

        /// - Parameters:
        ///   - maxHeaderBytes: Default 16 KiB.
        ///   - maxBodyBytes: Default 4 KiB.
        ///   - maxConnections: Default 64.
        ///   - requestHeadTimeout: Default 5 seconds.
        ///   - idleTimeout: Default 10 seconds.
        public init(
            maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 4 * 1024, maxConnections: Int = 64,
            requestHeadTimeout: Duration = .seconds(5), idleTimeout: Duration = .seconds(10)
        ) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxConnections = maxConnections
            self.requestHeadTimeout = requestHeadTimeout
            self.idleTimeout = idleTimeout
        }
    }

    /// The limits this receiver was made with.
    public let limits: Limits
    /// The path notifications are POSTed to.
    public let path: String
    /// Woken at each verified change notification.
    public let wakeup: DriveChangeWakeup
    private let server: LocalHTTPServer
    private let shared: Shared
    private let observer: (@Sendable (DriveNotification) -> Void)?

    private struct State {
        var channels: [DriveChannelCredentials] = []
        var accepted = 0
        var rejected = 0
    }

    /// The state, shared with the server's handler.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    /// - Parameters:
    ///   - port: The loopback port; `0` (the default) lets the system pick one.
    ///   - path: The path notifications arrive at.
    ///   - wakeup: What to wake at each change notification.
    ///   - observer: Called with each verified notification (on the server's task; keep it quick).
    ///   - limits: What one client may send, and how many at once (``Limits``).
    public init(
        port: Int = 0, path: String = "/drive/notifications", wakeup: DriveChangeWakeup = DriveChangeWakeup(),
        observer: (@Sendable (DriveNotification) -> Void)? = nil, limits: Limits = Limits()
    ) {
        let shared = Shared()
        self.shared = shared
        self.path = path
        self.wakeup = wakeup
        self.observer = observer
        self.limits = limits
        let expectedPath = path
        // Every body streams, so the handler sees the head first and reads a body only for a
        // notification it verified; what a refused request sent is drained up to the body limit,
        // past which the connection is closed instead of read.
        let configuration = LocalHTTPServer.Configuration(
            host: .ipv4Loopback, port: port, maxHeaderBytes: limits.maxHeaderBytes, maxBodyBytes: limits.maxBodyBytes,
            idleTimeout: limits.idleTimeout, readTimeout: limits.idleTimeout, maxDrainBytes: Int64(limits.maxBodyBytes),
            streamRequestBody: { _ in true }, requestHeadTimeout: limits.requestHeadTimeout,
            maxConnections: limits.maxConnections)
        self.server = LocalHTTPServer(configuration: configuration) { request in
            guard request.path == expectedPath else { return .notFound }
            guard request.method == .post else {
                var refusal = HTTPServerResponse.text("Method Not Allowed", status: 405)
                refusal.headers["Allow"] = "POST"
                return refusal
            }
            if let declared = request.bodyStream?.declaredLength, declared > limits.maxBodyBytes {
                shared.state.withLock { $0.rejected += 1 }
                return .text("Content Too Large", status: 413)
            }
            let channels = shared.state.withLock { $0.channels }
            let notification: DriveNotification
            do {
                notification = try DriveNotification.verify(header: { request.headers[$0] }, channels: channels)
            } catch {
                shared.state.withLock { $0.rejected += 1 }
                return .text("Forbidden", status: 403)
            }
            // Verified: read what little body there is (a chunked one has no declared length).
            do {
                _ = try await request.bodyStream?.collect(upTo: limits.maxBodyBytes)
            } catch {
                shared.state.withLock { $0.rejected += 1 }
                return .text("Content Too Large", status: 413)
            }
            shared.state.withLock { $0.accepted += 1 }
            observer?(notification)
            if !notification.isSync { wakeup.notify() }
            return HTTPServerResponse(status: 200)
        }
    }

    deinit {
        server.stop()
    }

    /// Starts listening.
    /// - Throws: when the port cannot be bound.
    public func start() throws {
        try server.start()
    }

    /// Stops listening. Idempotent.
    public func stop() {
        server.stop()
    }

    /// Where to point a channel: `http://127.0.0.1:PORT/path`.
    public var address: URL {
        server.baseURL.appendingPathComponent(String(path.drop { $0 == "/" }))
    }

    // MARK: - Channels

    /// Accepts notifications of this channel from now on (replacing one with the same ID).
    public func accept(_ channel: DriveChannelCredentials) {
        shared.state.withLock { state in
            state.channels.removeAll { $0.channelID == channel.channelID }
            state.channels.append(channel)
        }
    }

    /// Rejects this channel's notifications from now on.
    public func revoke(channelID: String) {
        shared.state.withLock { $0.channels.removeAll { $0.channelID == channelID } }
    }

    /// The channels accepted now.
    public var channels: [DriveChannelCredentials] {
        shared.state.withLock { $0.channels }
    }

    /// Notifications verified so far (`sync` ones included).
    public var acceptedCount: Int { shared.state.withLock { $0.accepted } }

    /// Requests refused so far (forged, unknown or expired channels, malformed headers).
    public var rejectedCount: Int { shared.state.withLock { $0.rejected } }
}
