public import Foundation
internal import GoogleBase

// MARK: - DriveChannelWatch

/// Keeps a push notification channel open for as long as a task runs: opens it with a fresh
/// channel ID and secret token (changes.watch or files.watch), tells the receiver, renews it
/// before it expires — the new channel first, then `channels.stop` on the old one, so no change
/// goes unannounced in between — retries a failed renewal and reports it, and stops the channel
/// when the task is cancelled.
///
/// ```swift
/// let receiver = DriveNotificationReceiver()
/// try receiver.start()
/// let watch = DriveChannelWatch(drive: drive, resource: .changes(.user), address: publicURL, receiver: receiver)
/// async let keepOpen: Void = watch.run()
/// for try await change in drive.changeFeed(tokens: store, wakeup: receiver.wakeup) { … }
/// ```
public struct DriveChannelWatch: Sendable {
    /// What the channel watches.
    public enum Resource: Sendable, Hashable {
        /// A corpus's changes (changes.watch; Drive keeps such a channel up to a week).
        case changes(DriveChangeCorpus)
        /// One file (files.watch; up to a day).
        case file(id: String)
    }

    /// What happened to the channel, for logs.
    public enum Event: Sendable {
        /// A channel was opened (the first, or a renewal's new one).
        case opened(channelID: String, expiration: Date?)
        /// A renewal's old channel was stopped after the new one opened.
        case renewed(oldChannelID: String, newChannelID: String)
        /// A renewal attempt failed; it is tried again after `retryDelay`.
        case renewalFailed(attempt: Int, error: any Error)
        /// `channels.stop` failed (the channel then simply expires at Drive).
        case stopFailed(channelID: String, error: any Error)
        /// The channel was stopped because the task was cancelled.
        case stopped(channelID: String)
    }

    public let drive: Drive
    public let resource: Resource
    /// Where Drive POSTs notifications (Google: a public HTTPS address).
    public let address: URL
    /// Learns each channel's credentials (the old one stays accepted until it is stopped).
    public let receiver: DriveNotificationReceiver?
    /// The lifetime asked for each channel; Drive may grant less (a week at most for changes,
    /// a day for a file).
    public var lifetime: Duration
    /// How long before a channel's expiration its successor is opened.
    public var renewalMargin: Duration
    /// The wait after a failed renewal attempt; it doubles with each further failure, up to an
    /// hour.
    public var retryDelay: Duration
    /// The shortest time between two renewals. A channel that comes back already expired, about
    /// to expire, or with no expiration (a wrong clock here, or a server answering nonsense) is
    /// renewed after this wait instead of at once, and the wait doubles while channels keep
    /// coming back that way, up to an hour, so `changes.watch` is called a bounded number of
    /// times an hour whatever the server or the clock says. At least a second.
    public var minimumRenewalInterval: Duration
    /// Receives ``Event``s.
    public var onEvent: (@Sendable (Event) -> Void)?

    public init(
        drive: Drive, resource: Resource, address: URL, receiver: DriveNotificationReceiver?,
        lifetime: Duration = .seconds(86_400), renewalMargin: Duration = .seconds(600), retryDelay: Duration = .seconds(10),
        minimumRenewalInterval: Duration = .seconds(60), onEvent: (@Sendable (Event) -> Void)? = nil
    ) {
        self.drive = drive
        self.resource = resource
        self.address = address
        self.receiver = receiver
        self.lifetime = lifetime
        self.renewalMargin = renewalMargin
        self.retryDelay = retryDelay
        self.minimumRenewalInterval = minimumRenewalInterval
        self.onEvent = onEvent
    }

    // MARK: - Running

    /// Opens the channel (unless `first` is one already open) and keeps it open until the task
    /// is cancelled, then stops it.
    /// - Parameter first: A channel ``open()`` returned, to keep open instead of opening one.
    /// - Throws: The error of the first opening (later failures are retried and reported).
    public func run(from first: DriveChannelCredentials? = nil) async throws {
        var current: DriveChannelCredentials
        // When the current channel was asked for: what Drive granted is its expiration from then.
        // A channel handed in is taken to have been granted the lifetime asked.
        var askedAt = Date()
        if let first {
            current = first
            askedAt = first.expiration?.addingTimeInterval(-Self.seconds(lifetime)) ?? askedAt
        } else {
            current = try await open()
        }
        // The floor between renewals while channels come back short-lived; doubles each time.
        var backoff = Self.backoffFloor(minimumRenewalInterval)
        while !Task.isCancelled {
            let planned = delay(until: current.expiration, askedAt: askedAt)
            if planned < backoff {
                try? await Task.sleep(for: backoff)
                backoff = Self.doubled(backoff)
            } else {
                backoff = Self.backoffFloor(minimumRenewalInterval)
                try? await Task.sleep(for: planned)
            }
            if Task.isCancelled { break }
            var attempt = 0
            var renewed: DriveChannelCredentials?
            var retry = retryDelay
            while renewed == nil, !Task.isCancelled {
                attempt += 1
                do {
                    askedAt = Date()
                    renewed = try await open()
                } catch {
                    if Task.isCancelled { break }
                    onEvent?(.renewalFailed(attempt: attempt, error: error))
                    try? await Task.sleep(for: retry)
                    // Doubling from at least 0.1 s: even a zero retryDelay cannot spin.
                    retry = Self.doubled(max(retry, .milliseconds(100)))
                }
            }
            guard let renewed else { break }
            await stop(current)
            onEvent?(.renewed(oldChannelID: current.channelID, newChannelID: renewed.channelID))
            current = renewed
        }
        // Cancelled: stop the channel from a task of its own, which the cancellation does not reach.
        let last = current
        await Task { await stop(last) }.value
        onEvent?(.stopped(channelID: last.channelID))
    }

    /// Opens one channel with a fresh ID and token and registers it with the receiver.
    /// - Returns: Its credentials, with Drive's resource ID and expiration.
    /// - Throws: `GoogleAPIClientError` with code `invalidResponse` when
    ///   `changes.getStartPageToken` answers without a token (nothing is watched then), or the
    ///   error of the calls.
    public func open() async throws -> DriveChannelCredentials {
        var credentials = DriveChannelCredentials.fresh()
        let expiration = Date().addingTimeInterval(Self.seconds(lifetime))
        let body = Drive.Channel(
            // Clamped: a lifetime of `Duration.seconds(Int64.max)` is a Date past what Int64
            // milliseconds can say (`Int64(_:)` would trap); Drive grants at most a week anyway.
            address: address.absoluteString,
            expiration: Int64(ClampedNumber.int(expiration.timeIntervalSince1970 * 1000, in: 0...Int.max) ?? 0),
            id: credentials.channelID, token: credentials.token, type: "web_hook")
        // Accepted before the call: Drive's `sync` message may arrive before its answer.
        receiver?.accept(credentials)
        let channel: Drive.Channel
        do {
            switch resource {
            case .changes(let corpus):
                let start = try await drive.changes.getStartPageToken(driveId: corpus.driveID, fields: [.startPageToken])
                // Without a start token there is no "from now on" to watch from; any token made
                // up here (the first one, "1") would announce the corpus's whole history again.
                guard let pageToken = start.startPageToken, !pageToken.isEmpty else {
                    throw GoogleAPIClientError(
                        code: .invalidResponse,
                        reason: "changes.getStartPageToken for \(corpus.key) answered without a startPageToken, so there is no "
                            + "position to watch changes from; no channel was opened")
                }
                channel = try await drive.changes.watch(pageToken: pageToken, body: body, driveId: corpus.driveID)
            case .file(let id):
                channel = try await drive.files.watch(fileId: id, body: body)
            }
        } catch {
            receiver?.revoke(channelID: credentials.channelID)
            throw error
        }
        credentials.resourceID = channel.resourceId
        credentials.expiration = channel.expiration.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        receiver?.accept(credentials)
        onEvent?(.opened(channelID: credentials.channelID, expiration: credentials.expiration))
        return credentials
    }

    /// Stops a channel at Drive and forgets it in the receiver.
    public func stop(_ channel: DriveChannelCredentials) async {
        do {
            try await drive.channels.stop(body: Drive.Channel(id: channel.channelID, resourceId: channel.resourceID))
        } catch {
            onEvent?(.stopFailed(channelID: channel.channelID, error: error))
        }
        receiver?.revoke(channelID: channel.channelID)
    }

    /// The wait before renewing a channel expiring at `expiration` that was asked for at
    /// `askedAt`: until `renewalMargin` before it, at once when that moment has passed (a busy
    /// machine got here late), or at half its remaining life when Drive granted a life no longer
    /// than the margin (renewing at once would then open channel after channel).
    ///
    /// Drive grants at most the lifetime asked for, so a later expiration (a server's nonsense,
    /// or a clock here far behind) counts as that lifetime.
    func delay(until expiration: Date?, askedAt: Date) -> Duration {
        let asked = askedAt.addingTimeInterval(Self.seconds(lifetime))
        let end = min(expiration ?? asked, asked)
        let remaining = end.timeIntervalSinceNow
        let margin = Self.seconds(renewalMargin)
        let granted = end.timeIntervalSince(askedAt)
        let wait = granted > margin ? remaining - margin : remaining / 2
        return ClampedNumber.duration(seconds: wait, maximum: lifetime)
    }

    static let maximumBackoff: Duration = .seconds(3600)

    static func backoffFloor(_ interval: Duration) -> Duration {
        min(max(interval, .seconds(1)), maximumBackoff)
    }

    static func doubled(_ wait: Duration) -> Duration {
        wait >= maximumBackoff / 2 ? maximumBackoff : wait * 2
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
