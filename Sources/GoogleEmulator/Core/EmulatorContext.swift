import Foundation
import LocalHTTPServer
import Synchronization

// MARK: - EmulatorContext

/// Everything request handlers share: configuration, OAuth, stores, faults.
final class EmulatorContext: Sendable {
    let configuration: GoogleEmulator.Configuration
    let oauth: OAuthEmulator
    let faults: EmulatorFaults
    let drive: DriveStore
    let youtube: YouTubeStore
    let requestLog: RequestLog
    private let boundBaseURL = Mutex<String?>(nil)

    init(configuration: GoogleEmulator.Configuration, contentDirectory: URL) {
        self.configuration = configuration
        self.oauth = OAuthEmulator(configuration: configuration.oauth)
        self.faults = EmulatorFaults()
        let owner = DriveOwner(
            displayName: "Emulated User", emailAddress: configuration.oauth.userEmail, permissionID: "07459013924837829157")
        let identifiers = IdentifierGenerator.random()
        self.drive = DriveStore(
            contentDirectory: contentDirectory, owner: owner, rootFolderID: "0AEmulatedRootFolderUk9PVA", identifiers: identifiers)
        self.youtube = YouTubeStore(
            identifiers: identifiers, channelTitle: "Emulated Channel", transitionDuration: configuration.youTubeTransitionDuration,
            dailyQuota: configuration.youTubeDailyQuota)
        self.requestLog = RequestLog()
    }

    func setBaseURL(_ url: String) {
        boundBaseURL.withLock { $0 = url }
        drive.linkBase.withLock { $0 = url }
    }

    /// `http://host:port` as the client addressed us (its `Host` header), for absolute URLs such as
    /// resumable session URIs.
    func baseURL(for request: HTTPServerRequest) -> String {
        if let host = request.headers["Host"], !host.isEmpty, !host.contains("/"), !host.contains(" ") {
            return "http://\(host)"
        }
        return boundBaseURL.withLock { $0 } ?? "http://127.0.0.1"
    }

    // MARK: - Authorization

    /// Runs `body` when the request's token carries one of `scopes`; otherwise answers 401/403.
    func authorized(
        _ request: HTTPServerRequest, scopes: [String], _ body: () async -> HTTPServerResponse
    ) async -> HTTPServerResponse {
        switch oauth.authorize(request, anyOf: scopes) {
        case .allowed:
            return await body()
        case .denied(let response):
            return response
        }
    }
}

// MARK: - Scopes

enum Scopes {
    private static let prefix = "https://www.googleapis.com/auth/"
    static let driveRead = ["drive", "drive.file", "drive.readonly", "drive.metadata.readonly", "drive.metadata", "drive.appdata"]
        .map { prefix + $0 }
    static let driveWrite = ["drive", "drive.file", "drive.appdata"].map { prefix + $0 }
    static let youTubeRead = ["youtube", "youtube.force-ssl", "youtube.readonly"].map { prefix + $0 }
    static let youTubeWrite = ["youtube", "youtube.force-ssl"].map { prefix + $0 }
}
