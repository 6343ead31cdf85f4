import Foundation

// MARK: - Simulated encoder

extension GoogleEmulator {
    /// The signal quality a simulated encoder gives its stream (`status.healthStatus.status`).
    public enum EncoderHealth: String, Sendable, CaseIterable {
        case good, ok, bad
    }

    /// Starts sending to the stream whose key (`cdn.ingestionInfo.streamName`) is `streamKey`, as
    /// an encoder (OBS, ffmpeg) would: the stream becomes `active`, which is what
    /// `liveBroadcasts.transition` to `testing` or `live` needs.
    /// - Returns: Whether a stream has that key.
    @discardableResult
    public func startEncoder(streamKey: String) -> Bool {
        context.youtube.updateStream(key: streamKey) { $0.encoder = .sending }
    }

    /// Stops sending: the stream becomes `inactive`.
    /// - Returns: Whether a stream has that key.
    @discardableResult
    public func stopEncoder(streamKey: String) -> Bool {
        context.youtube.updateStream(key: streamKey) { stream in
            if stream.encoder == .sending { stream.encoder = .stopped }
        }
    }

    /// Sets the health the stream reports while its encoder sends (`bad` adds a configuration issue).
    /// - Returns: Whether a stream has that key.
    @discardableResult
    public func setEncoderHealth(_ health: EncoderHealth, streamKey: String) -> Bool {
        context.youtube.updateStream(key: streamKey) { $0.health = health }
    }

    /// The ingestion key of a stream (what an encoder is configured with).
    public func streamKey(ofStream id: String) -> String? {
        context.youtube.stream(id)?.streamName
    }

    /// The `status.streamStatus` of a stream.
    public func streamStatus(_ id: String) -> String? {
        context.youtube.stream(id)?.streamStatus
    }

    // MARK: - Quota

    /// YouTube units charged since the emulator started or its quota was last reset.
    public var youTubeQuotaSpent: Int { context.youtube.quota.spent }

    /// The daily budget requests are refused past (`nil`: unlimited); changes it for the running emulator.
    public var youTubeDailyQuota: Int? {
        get { context.youtube.quota.budget }
        set { context.youtube.quota.budget = newValue }
    }

    /// Starts a new quota day (what midnight Pacific time does on YouTube).
    public func resetYouTubeQuota() {
        context.youtube.quota.reset()
    }
}
