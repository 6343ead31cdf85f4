import Foundation
import GoogleHTTPTypes
import LocalHTTPServer
import Synchronization

// MARK: - YouTubeQuotaMeter

/// The emulated project's daily YouTube quota: each request to `/youtube/v3/` is charged its
/// method's units (``YouTubeQuotaCosts``) before it runs; one that would pass the daily budget is
/// answered with YouTube's `403 quotaExceeded` and charged nothing. Without a budget (the default)
/// units are still counted, nothing is refused. The day ends when a control resets it
/// (``GoogleEmulator/resetYouTubeQuota()``), not by the clock, so tests decide when midnight is.
final class YouTubeQuotaMeter: Sendable {
    private struct State {
        var budget: Int?
        var spent = 0
    }

    private let state: Mutex<State>

    init(dailyBudget: Int?) {
        state = Mutex(State(budget: dailyBudget))
    }

    var spent: Int { state.withLock { $0.spent } }

    var budget: Int? {
        get { state.withLock { $0.budget } }
        set { state.withLock { $0.budget = newValue } }
    }

    func reset() {
        state.withLock { $0.spent = 0 }
    }

    /// Charges `request`; returns the refusal when it would pass the budget.
    func charge(_ request: HTTPServerRequest) -> HTTPServerResponse? {
        guard request.path.hasPrefix("/youtube/v3/") else { return nil }
        let cost = YouTubeQuotaCosts.cost(method: request.method, path: request.path)
        return state.withLock { state -> HTTPServerResponse? in
            if let budget = state.budget, state.spent + cost > budget { return Self.quotaExceeded() }
            state.spent += cost
            return nil
        }
    }

    /// YouTube's answer once the day's units are spent (its message links the quota section).
    static func quotaExceeded() -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 403, reason: "quotaExceeded",
            message:
                "The request cannot be completed because you have exceeded your <a href=\"/youtube/v3/getting-started#quota\">quota</a>.",
            domain: "youtube.quota")
    }
}

// MARK: - YouTubeQuotaCosts

/// Units per YouTube method the emulator charges: the same table as `GoogleYouTube`'s
/// `YouTubeQuotaCost.table` (a test in GeneratedAPITests checks they agree), by route.
enum YouTubeQuotaCosts {
    /// Method ID → units, for the methods the emulator serves.
    static let byMethod: [String: Int] = [
        "liveBroadcasts.list": 5, "liveBroadcasts.insert": 50, "liveBroadcasts.update": 50, "liveBroadcasts.delete": 50,
        "liveBroadcasts.transition": 50, "liveBroadcasts.bind": 50,
        "liveStreams.list": 5, "liveStreams.insert": 50, "liveStreams.update": 50, "liveStreams.delete": 50,
        "liveChatMessages.list": 5, "liveChatMessages.insert": 50, "liveChatMessages.delete": 50, "youtube.v3.liveChat.messages.stream": 5,
        "liveChatModerators.list": 5, "liveChatModerators.insert": 50, "liveChatModerators.delete": 50,
        "liveChatBans.insert": 50, "liveChatBans.delete": 50,
        "videos.list": 1,
    ]

    /// The method a request reaches.
    static func methodID(method: GoogleHTTPMethod, path: String) -> String? {
        let resource = path.dropFirst("/youtube/v3/".count)
        let verbs: [GoogleHTTPMethod: String] = [.get: "list", .post: "insert", .put: "update", .delete: "delete"]
        guard let verb = verbs[method] else { return nil }
        switch resource {
        case "liveBroadcasts", "liveStreams", "videos": return "\(resource).\(verb)"
        case "liveBroadcasts/transition": return "liveBroadcasts.transition"
        case "liveBroadcasts/bind": return "liveBroadcasts.bind"
        case "liveChat/messages": return "liveChatMessages.\(verb)"
        case "liveChat/messages/stream": return "youtube.v3.liveChat.messages.stream"
        case "liveChat/moderators": return "liveChatModerators.\(verb)"
        case "liveChat/bans": return "liveChatBans.\(verb)"
        default: return nil
        }
    }

    /// Units charged; every request costs at least one, as on YouTube (invalid ones included).
    static func cost(method: GoogleHTTPMethod, path: String) -> Int {
        methodID(method: method, path: path).flatMap { byMethod[$0] } ?? 1
    }
}
