// A local emulator of Google OAuth, Drive v3 and YouTube Live, for offline use and demos.
import Foundation
import GoogleEmulator
import LocalHTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Options

struct Options {
    var host = "127.0.0.1"
    var port = 8089
    var tokenLifetime: Double?
    var seed = true
    var faults: [FaultRule] = []
    var clientID: String?
    var clientSecret: String?
    var clientSecretFile: String?
    var logRequests = false
    var metadataServer = false
    var serviceAccountKeyFile: String?
    var youTubeQuota: Int?
    var transitionSeconds: Double?
}

let usage = """
    Usage: google-api-emulator [options]

    Runs Google OAuth 2.0, Drive v3 and YouTube Live endpoints on one local port until
    interrupted (SIGINT/SIGTERM).

    Options:
      --host ADDRESS            Loopback address to listen on (default 127.0.0.1; ::1 for IPv6).
      --port PORT               Port (default 8089; 0 picks a free one).
      --token-lifetime SECONDS  Access token lifetime (default 3600).
      --no-seed                 Start with empty Drive and YouTube data.
      --fault SPEC              Inject a fault; repeatable. SPEC is KIND[@PATHPREFIX][*COUNT]:
                                  503 | 503:RETRYAFTER   status with Google error JSON
                                  handled:500            handle the request, then answer 500 anyway
                                  drop:BYTES             close after BYTES of response body
                                  close                  close without answering
                                  dropupload[:BYTES]     cut a resumable upload chunk
                                  delay:MILLISECONDS     delay the response
                                  slow:CHUNK:MILLISECONDS slow response body
                                e.g. --fault '503:1@/drive/v3/files*2'
      --client-id ID            OAuth client to accept (default: the built-in test client).
      --client-secret SECRET    Its secret (with --client-id).
      --client-secret-file PATH Where to write the client JSON (default: a temporary file).
      --log                     Print each request (method, path, status) to standard error.
      --metadata-server         Also answer as a metadata server (point GCE_METADATA_HOST here).
      --service-account-key PATH  Make a test service account (a key pair made now) and write its
                                key file to PATH (0600), for GOOGLE_APPLICATION_CREDENTIALS.
      --youtube-quota UNITS     Refuse YouTube requests past UNITS a day with 403 quotaExceeded
                                (YouTube's default budget is 10000; without it units are only counted).
      --transition-seconds S    How long broadcasts stay testStarting/liveStarting (default 1).
      --help                    Show this help.

    Controls, typed on standard input while it runs (one per line):
      encoder start STREAM_KEY  Start sending to a stream (its cdn.ingestionInfo.streamName):
                                the stream becomes active, as with a real encoder.
      encoder stop STREAM_KEY   Stop sending (the stream becomes inactive).
      encoder health STREAM_KEY good|ok|bad
                                Set the health the stream reports while it sends.
      quota                     Print the YouTube units spent today.
      quota reset               Start a new quota day.
      chat post CHAT AUTHOR TEXT...
                                Post a viewer's message to a live chat (CHAT: its liveChatId,
                                or its broadcast's ID); prints the message ID.
      chat end CHAT             End the chat, as when its broadcast completes.
      tokens expire             Expire every access token issued so far (refresh tokens stay).
      tokens revoke             Revoke every token and grant (refreshing is then invalid_grant).
      changes expire            Make every Drive changes page token issued so far invalid.
      stop                      Stop, as Ctrl-C does.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("google-api-emulator: \(message)\n".utf8))
    exit(2)
}

func parseOptions(_ arguments: [String]) -> Options {
    var options = Options()
    var index = 0
    func value(for flag: String) -> String {
        index += 1
        guard index < arguments.count else { fail("\(flag) needs a value") }
        return arguments[index]
    }
    while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--host": options.host = value(for: argument)
        case "--port":
            guard let port = Int(value(for: argument)), (0...65535).contains(port) else { fail("--port must be 0...65535") }
            options.port = port
        case "--token-lifetime":
            // Ten years at most: longer lifetimes only overflow the clients' date arithmetic.
            guard let seconds = Double(value(for: argument)), seconds > 0, seconds <= 315_360_000 else {
                fail("--token-lifetime must be a positive number of seconds, at most 315360000 (ten years)")
            }
            options.tokenLifetime = seconds
        case "--no-seed": options.seed = false
        case "--fault":
            do {
                options.faults.append(try FaultSpecification.parse(value(for: argument)))
            } catch {
                fail(error.description)
            }
        case "--client-id": options.clientID = value(for: argument)
        case "--client-secret": options.clientSecret = value(for: argument)
        case "--client-secret-file": options.clientSecretFile = value(for: argument)
        case "--log": options.logRequests = true
        case "--metadata-server": options.metadataServer = true
        case "--service-account-key": options.serviceAccountKeyFile = value(for: argument)
        case "--youtube-quota":
            guard let units = Int(value(for: argument)), units >= 0 else { fail("--youtube-quota must be a number of units, 0 or more") }
            options.youTubeQuota = units
        case "--transition-seconds":
            guard let seconds = Double(value(for: argument)), seconds >= 0, seconds <= 3600 else {
                fail("--transition-seconds must be 0...3600")
            }
            options.transitionSeconds = seconds
        default:
            fail("unknown option \(argument) (see --help)")
        }
        index += 1
    }
    return options
}

// MARK: - Main

let options = parseOptions(Array(CommandLine.arguments.dropFirst()))
guard let host = LocalHTTPServer.Configuration.Host(options.host) else {
    fail("--host must be a numeric IPv4/IPv6 address or localhost")
}
// The emulator hands out tokens to anyone who asks: never expose it beyond this machine.
guard host.address.hasPrefix("127.") || host.address == "::1" else {
    fail("--host must be a loopback address (127.x.x.x or ::1)")
}
var configuration = GoogleEmulator.Configuration(host: host, port: options.port, seedData: options.seed)
if let lifetime = options.tokenLifetime { configuration.tokenLifetime = lifetime }
if options.logRequests {
    // Paths only: queries may carry access_token.
    configuration.requestObserver = { record in
        let marker = record.faulted ? " (fault)" : ""
        FileHandle.standardError.write(Data("\(record.method.rawValue) \(record.path) -> \(record.status)\(marker)\n".utf8))
    }
}
if options.metadataServer { configuration.metadataServer = MetadataServerConfiguration() }
configuration.youTubeDailyQuota = options.youTubeQuota
if let seconds = options.transitionSeconds { configuration.youTubeTransitionDuration = .milliseconds(Int64(seconds * 1000)) }
if let clientID = options.clientID {
    configuration.oauth.clients = [OAuthEmulator.Client(id: clientID, secret: options.clientSecret)]
} else if options.clientSecret != nil {
    fail("--client-secret needs --client-id")
}

let emulator = GoogleEmulator(configuration: configuration)
do {
    try emulator.start()
} catch {
    fail(error.description)
}
for rule in options.faults { emulator.faults.enqueue(rule) }

let secretURL =
    options.clientSecretFile.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("google-api-emulator-\(emulator.port)-client.json")
do {
    try emulator.writeClientSecretFile(to: secretURL)
} catch {
    fail("cannot write \(secretURL.path): \(error.localizedDescription)")
}

var credentialVariables: [(name: String, value: String)] = []
if let path = options.serviceAccountKeyFile {
    do {
        let made = try EmulatedServiceAccount.makeForTests(tokenURI: emulator.baseURL.appendingPathComponent("token"))
        emulator.oauth.updateConfiguration { $0.serviceAccounts.append(made.account) }
        // Created owner-only first, so the key is never readable by others, not even briefly.
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            fail("cannot create \(path) for the service account key")
        }
        try made.keyFile.write(to: URL(fileURLWithPath: path))
        credentialVariables.append(("GOOGLE_APPLICATION_CREDENTIALS", path))
    } catch {
        fail("cannot write the service account key to \(path): \(error)")
    }
}
if options.metadataServer { credentialVariables.append(("GCE_METADATA_HOST", "\(emulator.baseURL.host ?? "127.0.0.1"):\(emulator.port)")) }

print("google-api-emulator listening on \(emulator.baseURL.absoluteString)")
print("Export these to point the SDK's tools at it:")
for variable in emulator.environment(clientSecretFile: secretURL) + credentialVariables {
    print("  export \(variable.name)=\(variable.value)")
}
print("Public reads with an API key (test-only key): GOOGLE_API_KEY=\(GoogleEmulator.testAPIKey)")
if !credentialVariables.isEmpty { print("Use them with the tools' --auth adc.") }
if !options.faults.isEmpty { print("Faults queued: \(emulator.faults.pendingCount)") }
print("Press Ctrl-C to stop. Type 'encoder start STREAM_KEY' to simulate an encoder (see --help).")
fflush(nil)

// MARK: - Controls

/// Runs one control line; returns what to print.
@Sendable func control(_ line: String, on emulator: GoogleEmulator) -> String {
    let words = line.split(separator: " ").map(String.init)
    switch words.first {
    case nil:
        return ""
    case "encoder":
        guard words.count >= 3 else { return "usage: encoder start|stop|health STREAM_KEY [good|ok|bad]" }
        let key = words[2]
        let found: Bool
        switch words[1] {
        case "start": found = emulator.startEncoder(streamKey: key)
        case "stop": found = emulator.stopEncoder(streamKey: key)
        case "health":
            guard words.count == 4, let health = GoogleEmulator.EncoderHealth(rawValue: words[3]) else {
                return "usage: encoder health STREAM_KEY good|ok|bad"
            }
            found = emulator.setEncoderHealth(health, streamKey: key)
        default: return "usage: encoder start|stop|health STREAM_KEY [good|ok|bad]"
        }
        return found ? "encoder \(words[1]) \(key): ok" : "no stream has the key \(key)"
    case "quota":
        if words.count == 2, words[1] == "reset" {
            emulator.resetYouTubeQuota()
            return "quota reset"
        }
        let budget = emulator.youTubeDailyQuota.map(String.init) ?? "unlimited"
        return "quota: \(emulator.youTubeQuotaSpent) units spent of \(budget)"
    case "chat":
        let usage = "usage: chat post CHAT AUTHOR TEXT... | chat end CHAT"
        guard words.count >= 3 else { return usage }
        // A broadcast's ID names its chat too: that is the ID a user sees in the tools.
        let chat = emulator.liveChatID(ofBroadcast: words[2]) ?? words[2]
        switch words[1] {
        case "post":
            guard words.count >= 5 else { return usage }
            let text = words.dropFirst(4).joined(separator: " ")
            guard let id = emulator.postChatMessage(liveChatID: chat, authorName: words[3], text: text) else {
                return "no open live chat \(words[2])"
            }
            return "chat message \(id)"
        case "end":
            return emulator.endChat(liveChatID: chat) ? "chat \(chat) ended" : "no open live chat \(words[2])"
        default:
            return usage
        }
    case "tokens":
        switch words.dropFirst().first {
        case "expire":
            emulator.oauth.expireAccessTokens()
            return "access tokens expired"
        case "revoke":
            emulator.oauth.revokeAll()
            return "tokens revoked"
        default:
            return "usage: tokens expire|revoke"
        }
    case "changes":
        guard words.count == 2, words[1] == "expire" else { return "usage: changes expire" }
        emulator.expireDriveChangeTokens()
        return "changes page tokens expired"
    case "stop":
        // The same way out as Ctrl-C: the signal handler below stops and cleans up.
        // Said before the signal: the handler exits the process.
        print("stopping")
        fflush(nil)
        kill(getpid(), SIGTERM)
        return ""
    default:
        return
            "unknown control '\(words[0])' (encoder start|stop|health, quota [reset], chat post|end, tokens expire|revoke, changes expire, stop)"
    }
}

// Standard input is read on its own thread: controls arrive whenever the user types them.
let controlled = emulator
let controlThread = Thread { [controlled] in
    while let line = readLine() {
        let answer = control(line.trimmingCharacters(in: .whitespaces), on: controlled)
        if !answer.isEmpty {
            print(answer)
            fflush(nil)
        }
    }
}

// MARK: - Signals

signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let signalSources = [SIGINT, SIGTERM].map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
    source.setEventHandler {
        emulator.stop()
        if options.clientSecretFile == nil { try? FileManager.default.removeItem(at: secretURL) }
        print("google-api-emulator stopped")
        exit(0)
    }
    source.resume()
    return source
}
// Controls start once the signals are handled (`stop` raises SIGTERM).
controlThread.start()
withExtendedLifetime(signalSources) {
    dispatchMain()
}
