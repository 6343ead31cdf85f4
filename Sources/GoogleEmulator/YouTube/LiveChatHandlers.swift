import Foundation
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - LiveChatHandlers

/// liveChatMessages.list/insert/delete, liveChatModerators and liveChatBans.
struct LiveChatHandlers: Sendable {
    let context: EmulatorContext
    var store: YouTubeStore { context.youtube }
    static let messageParts: Set<String> = ["id", "snippet", "authorDetails"]

    func register(in router: inout HTTPRouter) {
        router.get("/youtube/v3/liveChat/messages", returning: .youTube("LiveChatMessageListResponse")) { request, _ in
            await listMessages(request)
        }
        router.post("/youtube/v3/liveChat/messages", returning: .youTube("LiveChatMessage")) { request, _ in await insertMessage(request) }
        router.delete("/youtube/v3/liveChat/messages") { request, _ in await deleteMessage(request) }
        LiveChatModerationHandlers(context: context).register(in: &router)
    }

    // MARK: - Messages

    func listMessages(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        // Public chats can be read with an API key, as on YouTube (private ones: see the stream).
        await context.publicAccess(request, scopes: Scopes.youTubeRead) { anonymous in
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.messageParts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let chatID = request.queryValue("liveChatId") else { return GoogleErrorResponse.required("liveChatId") }
            guard let chat = store.chat(chatID) else { return YouTubeResponses.chatNotFound() }
            if let refusal = LiveChatStreamHandler.refusal(chat, anonymous: anonymous, store: store) { return refusal }
            let maxResults: Int
            switch YouTubeResponses.maxResults(request, default: 500, range: 1...2000) {
            case .success(let value): maxResults = value
            case .failure(let error): return error.response
            }
            let scope = "chat|\(chatID)"
            let offset: Int
            switch YouTubeResponses.offset(request, scope: scope) {
            case .success(let value): offset = min(value, chat.messages.count)
            case .failure(let error): return error.response
            }
            let page = chat.messages.dropFirst(offset).prefix(maxResults)
            // The token always points after what was returned, so polling with it yields only new messages.
            let nextToken = PageToken.make(offset: offset + page.count, scope: scope)
            return YouTubeResponses.list(
                kind: "youtube#liveChatMessageListResponse",
                items: page.map { $0.json(parts: parts) },
                nextPageToken: nextToken, totalResults: chat.messages.count, resultsPerPage: page.count,
                extra: [
                    ("pollingIntervalMillis", .integer(Int64(context.configuration.chatPollingIntervalMillis))),
                    ("offlineAt", chat.endedAt.map { .string(RFC3339.format($0)) }),
                ])
        }
    }

    func insertMessage(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            let parts: Set<String>
            switch YouTubeResponses.parts(request, allowed: Self.messageParts) {
            case .success(let value): parts = value
            case .failure(let error): return error.response
            }
            guard let body = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            guard let chatID = body["snippet"]?["liveChatId"]?.stringValue else {
                return YouTubeResponses.invalidValue("snippet.liveChatId", "The liveChatId is required.")
            }
            guard let text = body["snippet"]?["textMessageDetails"]?["messageText"]?.stringValue, !text.isEmpty else {
                return YouTubeResponses.invalidValue("snippet.textMessageDetails.messageText", "The message text is required.")
            }
            guard text.count <= 200 else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "messageTextInvalid", message: "The message text is too long.", domain: "youtube.liveChat")
            }
            guard let chat = store.chat(chatID) else { return YouTubeResponses.chatNotFound() }
            guard chat.endedAt == nil, let message = store.postMessage(liveChatID: chatID, author: store.owner, text: text) else {
                return GoogleErrorResponse.forbidden(
                    "liveChatEnded", "The specified live chat is no longer live.", domain: "youtube.liveChat")
            }
            return YouTubeResponses.resource(message.json(parts: parts))
        }
    }

    func deleteMessage(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            guard let id = request.queryValue("id") else { return GoogleErrorResponse.required("id") }
            let removed = store.state.withLock { state -> Bool in
                for (chatID, chat) in state.chats {
                    if let index = chat.messages.firstIndex(where: { $0.id == id }) {
                        state.chats[chatID]?.messages.remove(at: index)
                        return true
                    }
                }
                return false
            }
            guard removed else {
                return GoogleErrorResponse.make(
                    status: 404, reason: "liveChatMessageNotFound", message: "The live chat message cannot be found.",
                    domain: "youtube.liveChat")
            }
            return HTTPServerResponse(status: 204)
        }
    }
}
