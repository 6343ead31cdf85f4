import Foundation
import GoogleHTTPTypes
import LocalHTTPServer

// MARK: - LiveChatStreamHandler

/// `GET /youtube/v3/liveChat/messages/stream` (`liveChatMessages.streamList`): a server-streaming
/// response that stays open for as long as the chat runs (see ``LiveChatStreamBody``).
///
/// Without a `pageToken` it starts with the chat's recent history (the last `maxResults`
/// messages); with one (a `nextPageToken` from this stream or from `liveChatMessages.list`) right
/// after the message it points past. `alt=sse` selects server-sent events. An unknown chat is 404
/// `liveChatNotFound`; an ended chat still answers: its remaining messages, `offlineAt`, the end.
/// An API key (no sign-in) reads the chats of public and unlisted broadcasts.
struct LiveChatStreamHandler: Sendable {
    let context: EmulatorContext
    var store: YouTubeStore { context.youtube }

    func register(in router: inout HTTPRouter) {
        router.get("/youtube/v3/liveChat/messages/stream") { request, _ in await stream(request) }
    }

    func stream(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        // Public chats can be read with an API key, as on YouTube.
        await context.publicAccess(request, scopes: Scopes.youTubeRead) { anonymous in
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: LiveChatHandlers.messageParts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let chatID = request.queryValue("liveChatId") else { return GoogleErrorResponse.required("liveChatId") }
            guard let chat = store.chat(chatID) else { return YouTubeResponses.chatNotFound() }
            if let refusal = Self.refusal(chat, anonymous: anonymous, store: store) { return refusal }
            let maxResults: Int
            switch YouTubeResponses.maxResults(request, default: 500, range: 1...2000) {
            case .success(let value): maxResults = value
            case .failure(let error): return error.response
            }
            let offset: Int
            if request.queryValue("pageToken")?.isEmpty == false {
                switch YouTubeResponses.offset(request, scope: "chat|\(chatID)") {
                case .success(let value): offset = min(value, chat.messages.count)
                case .failure(let error): return error.response
                }
            } else {
                // History first: the most recent messages, as YouTube sends on a fresh connection.
                offset = max(0, chat.messages.count - maxResults)
            }
            let sse = request.queryValue("alt") == "sse"
            let body = LiveChatStreamBody(
                request: .init(
                    chatID: chatID, parts: parts, maxResults: maxResults, offset: offset, serverSentEvents: sse,
                    keepAlive: context.configuration.chatStreamKeepAlive, observer: context.configuration.chatStreamObserver),
                store: store)
            let contentType = sse ? "text/event-stream" : "application/json; charset=UTF-8"
            return HTTPServerResponse(
                status: 200, headers: ["Content-Type": contentType, "Cache-Control": "no-cache"],
                body: .stream(HTTPBodyStream(body)))
        }
    }

    /// 403 for a caller without sign-in (an API key) reading a private broadcast's chat.
    static func refusal(_ chat: LiveChat, anonymous: Bool, store: YouTubeStore) -> HTTPServerResponse? {
        guard anonymous, store.broadcast(chat.broadcastID)?.privacyStatus == "private" else { return nil }
        return GoogleErrorResponse.forbidden("forbidden", "The live chat is not public.", domain: "youtube.liveChat")
    }
}
