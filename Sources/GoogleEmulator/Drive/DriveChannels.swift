import Foundation
import GoogleJSON
import Synchronization

// MARK: - DriveChannels

/// Notification channels opened by changes.watch and files.watch. Each delivers, on its own
/// serial queue, a `sync` message first and then one message per change it watches, POSTed with
/// Google's `X-Goog-*` headers to its loopback address, until it is stopped or expires.
final class DriveChannels: Sendable {
    /// What a channel watches.
    enum Resource: Sendable, Equatable {
        /// The changes of a corpus: the user's (`nil`) or one shared drive's.
        case changes(driveID: String?)
        /// One file.
        case file(id: String)
    }

    struct Channel: Sendable {
        var id: String
        var resourceID: String
        var resourceURI: String
        var token: String?
        var address: NotificationPoster.Address
        var expiration: Date
        var resource: Resource
        var nextMessageNumber = 1
        let queue: DispatchQueue
    }

    private struct State {
        var channels: [String: Channel] = [:]
        var events: [GoogleEmulator.DriveChannelEvent] = []
    }

    private let state = Mutex(State())

    // MARK: - Opening and stopping

    enum OpenFailure: Error { case duplicateID }

    /// Registers a channel and sends its `sync` message.
    func open(_ channel: Channel) -> Result<Void, OpenFailure> {
        let opened: Channel? = state.withLock { state in
            guard state.channels[channel.id] == nil else { return nil }
            state.channels[channel.id] = channel
            state.events.append(.init(kind: .opened, channelID: channel.id, time: Date()))
            return channel
        }
        guard opened != nil else { return .failure(.duplicateID) }
        enqueue(channelID: channel.id, state: "sync", changed: nil)
        return .success(())
    }

    /// Stops a channel; `false` when no channel has this ID and resource ID.
    func stop(id: String, resourceID: String?) -> Bool {
        state.withLock { state in
            guard let channel = state.channels[id], resourceID == nil || channel.resourceID == resourceID else { return false }
            state.channels[id] = nil
            state.events.append(.init(kind: .stopped, channelID: id, time: Date()))
            return true
        }
    }

    var events: [GoogleEmulator.DriveChannelEvent] {
        state.withLock { $0.events }
    }

    var openChannelIDs: [String] {
        state.withLock { $0.channels.keys.sorted() }
    }

    // MARK: - Changes

    /// Notifies the channels watching `file` or a corpus it belongs to.
    /// - Parameter changed: For an `update`, what changed (`X-Goog-Changed`).
    func fileChanged(_ file: DriveFile, state resourceState: String, changed: String = "content") {
        let targets: [(String, String, String?)] = state.withLock { state in
            state.channels.values.compactMap { channel in
                switch channel.resource {
                case .changes(let driveID):
                    // The user's corpus sees everything the user can reach (shared drives included).
                    guard driveID == nil || driveID == file.driveID else { return nil }
                    return (channel.id, "change", nil)
                case .file(let id):
                    guard id == file.id else { return nil }
                    return (channel.id, resourceState, resourceState == "update" ? changed : nil)
                }
            }
        }
        for (id, resourceState, changed) in targets { enqueue(channelID: id, state: resourceState, changed: changed) }
    }

    /// Numbers the message now (so numbers follow the order of the changes) and posts it on the
    /// channel's queue. An expired channel is closed instead: Google stops at expiration.
    private func enqueue(channelID: String, state resourceState: String, changed: String?) {
        let now = Date()
        let message: (Channel, Int)? = state.withLock { state in
            guard var channel = state.channels[channelID] else { return nil }
            guard channel.expiration > now else {
                state.channels[channelID] = nil
                state.events.append(.init(kind: .expired, channelID: channelID, time: now))
                return nil
            }
            let number = channel.nextMessageNumber
            channel.nextMessageNumber += 1
            state.channels[channelID] = channel
            return (channel, number)
        }
        guard let (channel, number) = message else { return }
        var headers: [(String, String)] = [
            ("X-Goog-Channel-ID", channel.id),
            ("X-Goog-Channel-Expiration", Self.httpDate(channel.expiration)),
            ("X-Goog-Resource-State", resourceState),
            ("X-Goog-Message-Number", String(number)),
            ("X-Goog-Resource-ID", channel.resourceID),
            ("X-Goog-Resource-URI", channel.resourceURI),
        ]
        if let token = channel.token { headers.insert(("X-Goog-Channel-Token", token), at: 1) }
        if let changed { headers.append(("X-Goog-Changed", changed)) }
        channel.queue.async { [self, headers] in
            let status = NotificationPoster.post(to: channel.address, headers: headers)
            self.state.withLock {
                $0.events.append(
                    .init(
                        kind: .delivered, channelID: channel.id, time: Date(), resourceState: resourceState,
                        messageNumber: number, responseStatus: status))
            }
        }
    }

    /// `Tue, 19 Nov 2013 01:13:52 GMT`, the form of `X-Goog-Channel-Expiration`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

// MARK: - DriveChannelEvent

extension GoogleEmulator {
    /// Something that happened to a Drive notification channel, for tests.
    public struct DriveChannelEvent: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            /// changes.watch or files.watch opened it.
            case opened
            /// channels.stop closed it.
            case stopped
            /// It reached its expiration and was closed.
            case expired
            /// A notification was POSTed to its address.
            case delivered
        }

        public var kind: Kind
        public var channelID: String
        public var time: Date
        /// For `delivered`: `sync`, `change`, `update`, `trash`, ….
        public var resourceState: String?
        /// For `delivered`: `X-Goog-Message-Number`.
        public var messageNumber: Int?
        /// For `delivered`: the webhook's status, `nil` when it did not answer.
        public var responseStatus: Int?

        init(
            kind: Kind, channelID: String, time: Date, resourceState: String? = nil, messageNumber: Int? = nil,
            responseStatus: Int? = nil
        ) {
            self.kind = kind
            self.channelID = channelID
            self.time = time
            self.resourceState = resourceState
            self.messageNumber = messageNumber
            self.responseStatus = responseStatus
        }
    }
}
