import Foundation
public import LocalHTTPServer

// MARK: - Configuration

extension GoogleEmulator {
    /// How the emulator listens and what it starts with.
    public struct Configuration: Sendable {
        /// Where to listen (loopback by default).
        public var host: LocalHTTPServer.Configuration.Host
        /// `0` (the default) picks a free port.
        public var port: Int
        /// The OAuth side: clients, token lifetime, consent behaviour.
        public var oauth: OAuthEmulator.Configuration
        /// Whether to start with the deterministic seed files and broadcasts.
        public var seedData: Bool
        /// Drive files.list page size when `pageSize` is not given (Drive: 100).
        public var drivePageSize: Int
        /// YouTube list `maxResults` default (YouTube: 5).
        public var youTubeMaxResults: Int
        /// `pollingIntervalMillis` returned by liveChatMessages.list.
        public var chatPollingIntervalMillis: Int
        /// How long an idle chat stream (`liveChat/messages/stream`) waits before sending a
        /// keep-alive (CRLF, or an SSE comment); a write to a client that has gone ends the stream.
        public var chatStreamKeepAlive: Duration = .seconds(10)
        /// Called with the IDs of the messages in each chat stream element as the stream hands it
        /// to its connection (from the connection's thread; keep it cheap). For latency measurements.
        public var chatStreamObserver: (@Sendable (_ messageIDs: [String]) -> Void)?
        /// How long a broadcast stays `testStarting`/`liveStarting` after a transition to
        /// `testing`/`live` (YouTube: a few seconds).
        public var youTubeTransitionDuration: Duration = .seconds(1)
        /// The project's daily YouTube quota in units (YouTube's default is 10,000); `nil` (the
        /// default) counts units without refusing. A request that would pass it gets YouTube's
        /// `403 quotaExceeded`; ``GoogleEmulator/resetYouTubeQuota()`` starts a new day.
        public var youTubeDailyQuota: Int? = nil
        /// Largest multipart upload accepted in memory (Google: 5 MB recommended; larger → resumable).
        public var maxMultipartUploadBytes: Int
        /// Largest batch request body.
        public var maxBatchBytes: Int
        /// Called after each answered request (from the server's tasks; keep it cheap). The record
        /// holds the path and query only, never headers, so no token reaches a log through it;
        /// strip `access_token` from the query if you print it.
        public var requestObserver: (@Sendable (RecordedRequest) -> Void)?
        /// API keys accepted (in `x-goog-api-key` or `key`) by the methods Google lets callers use
        /// with a key (public data, e.g. `videos.list`); by default only ``GoogleEmulator/testAPIKey``.
        public var apiKeys: Set<String> = [GoogleEmulator.testAPIKey]
        /// The metadata server mode (`/computeMetadata/v1/…`, for `GCE_METADATA_HOST`); `nil`
        /// (the default) answers those paths with 404, as off Google Cloud.
        public var metadataServer: MetadataServerConfiguration? = nil

        /// Each argument sets the property of the same name.
        public init(
            host: LocalHTTPServer.Configuration.Host = .ipv4Loopback,
            port: Int = 0,
            oauth: OAuthEmulator.Configuration = .init(),
            seedData: Bool = true,
            drivePageSize: Int = 100,
            youTubeMaxResults: Int = 5,
            chatPollingIntervalMillis: Int = 2000,
            maxMultipartUploadBytes: Int = 64 * 1024 * 1024,
            maxBatchBytes: Int = 64 * 1024 * 1024,
            requestObserver: (@Sendable (RecordedRequest) -> Void)? = nil
        ) {
            self.host = host
            self.port = port
            self.oauth = oauth
            self.seedData = seedData
            self.drivePageSize = drivePageSize
            self.youTubeMaxResults = youTubeMaxResults
            self.chatPollingIntervalMillis = chatPollingIntervalMillis
            self.maxMultipartUploadBytes = maxMultipartUploadBytes
            self.maxBatchBytes = maxBatchBytes
            self.requestObserver = requestObserver
        }

        /// Access token lifetime in seconds (shortcut for `oauth.accessTokenLifetime`).
        public var tokenLifetime: TimeInterval {
            get { oauth.accessTokenLifetime }
            set { oauth.accessTokenLifetime = newValue }
        }
    }
}
