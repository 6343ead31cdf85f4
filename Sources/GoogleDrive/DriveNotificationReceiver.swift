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
public final class DriveNotificationReceiver: Sendable {
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
    public init(
        port: Int = 0, path: String = "/drive/notifications", wakeup: DriveChangeWakeup = DriveChangeWakeup(),
        observer: (@Sendable (DriveNotification) -> Void)? = nil
    ) {
        let shared = Shared()
        self.shared = shared
        self.path = path
        self.wakeup = wakeup
        self.observer = observer
        let expectedPath = path
        self.server = LocalHTTPServer(configuration: .init(host: .ipv4Loopback, port: port)) { request in
            guard request.path == expectedPath else { return .notFound }
            guard request.method == .post else { return .text("Method Not Allowed", status: 405) }
            let channels = shared.state.withLock { $0.channels }
            do {
                let notification = try DriveNotification.verify(header: { request.headers[$0] }, channels: channels)
                shared.state.withLock { $0.accepted += 1 }
                observer?(notification)
                if !notification.isSync { wakeup.notify() }
                return HTTPServerResponse(status: 200)
            } catch {
                shared.state.withLock { $0.rejected += 1 }
                return .text("Forbidden", status: 403)
            }
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
