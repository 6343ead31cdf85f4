// The names README.md and the DocC articles use in their Swift blocks without declaring them:
// what the surrounding prose says they are. Only type-checked with the blocks, never run.
import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import GoogleHTTP
import GoogleYouTube
import LocalHTTPServer

@available(macOS 15, *) var drive: Drive { fatalError() }
@available(macOS 15, *) var youtube: YouTube { fatalError() }
@available(macOS 15, *) var session: AuthorizedSession { fatalError() }
/// The service client of a generated module (`drive.client`), or of your own API.
@available(macOS 15, *) var client: GoogleServiceClient { fatalError() }
/// A call of an API without a generated module, and what it answers.
@available(macOS 15, *) var call: APICall { fatalError() }
struct File: Decodable, Sendable {}
struct Page: Decodable, Sendable { var nextPageToken: String? }
func handle(_ page: Page) {}
var driveScope: String { fatalError() }
@available(macOS 15, *) var store: FileTokenStore { fatalError() }
@available(macOS 15, *) var emulator: GoogleEmulator { fatalError() }
var id: String { fatalError() }
var fileID: String { fatalError() }
var chatID: String { fatalError() }
var videoID: String { fatalError() }
var etag: String { fatalError() }
var apiKey: String { fatalError() }
var secretFile: URL { fatalError() }
var tokenFile: URL { fatalError() }
var keyFile: URL { fatalError() }
var stateFolder: URL { fatalError() }
var video: URL { fatalError() }
var destination: URL { fatalError() }
func signIn() async throws {}
var target: URL { fatalError() }
var bigFileURL: URL { fatalError() }
var keyData: Data { fatalError() }
var data: Data { fatalError() }
var key: String { fatalError() }
var scopes: [String] { fatalError() }
@available(macOS 15, *) var configuration: OAuthClientConfiguration { fatalError() }
typealias FileList = Drive.FileList
@available(macOS 15, *) var router: HTTPRouter {
    get { fatalError() }
    set {}
}
/// The app's OAuth client (`OAuthClient(configuration:)`).
@available(macOS 15, *) var oauthClient: OAuthClient { fatalError() }
// "Going live": each block continues the one before it.
var ledgerFile: URL { fatalError() }
@available(macOS 15, *) var tokenStore: FileTokenStore { fatalError() }
@available(macOS 15, *) var ledger: GoogleQuotaLedger { fatalError() }
@available(macOS 15, *) var broadcast: YouTube.LiveBroadcast { fatalError() }
@available(macOS 15, *) var stream: YouTube.LiveStream { fatalError() }
@available(macOS 15, *) var lifecycle: YouTubeBroadcastLifecycle { fatalError() }
var broadcastID: String { fatalError() }
var streamKey: String { fatalError() }
// "Keeping in sync": what an app does with each change.
func forget(_ fileID: String?) {}
@available(macOS 15, *) func remember(_ file: Drive.File) {}
@available(macOS 15, *) func apply(_ change: Drive.Change) {}
func reloadEverything() async throws {}
func dropFilesNotRelisted() {}
var folderID: String { fatalError() }
/// A notification's HTTP header fields, as the app's server framework hands them over.
var headers: [String: String] { fatalError() }
@available(macOS 15, *) var wakeup: DriveChangeWakeup { fatalError() }
var sharedFileID: String { fatalError() }
var teamDriveID: String { fatalError() }
var documentID: String { fatalError() }
