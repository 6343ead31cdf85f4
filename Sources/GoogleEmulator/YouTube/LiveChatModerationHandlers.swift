import Foundation
import GoogleHTTPTypes
import LocalHTTPServer

// MARK: - LiveChatModerationHandlers

/// liveChatModerators.list/insert/delete and liveChatBans.insert/delete (plus a list for tests).
struct LiveChatModerationHandlers: Sendable {
    let context: EmulatorContext
    var store: YouTubeStore { context.youtube }

    func register(in router: inout HTTPRouter) {
        router.get("/youtube/v3/liveChat/moderators", returning: .youTube("LiveChatModeratorListResponse")) { request, _ in
            await listModerators(request)
        }
        router.post("/youtube/v3/liveChat/moderators", returning: .youTube("LiveChatModerator")) { request, _ in
            await insertModerator(request)
        }
        router.delete("/youtube/v3/liveChat/moderators") { request, _ in await deleteModerator(request) }
        router.get("/youtube/v3/liveChat/bans") { request, _ in await listBans(request) }
        router.post("/youtube/v3/liveChat/bans", returning: .youTube("LiveChatBan")) { request, _ in await insertBan(request) }
        router.delete("/youtube/v3/liveChat/bans") { request, _ in await deleteBan(request) }
    }

    // MARK: - Moderators

    func listModerators(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeRead) {
            guard request.queryValue("part") != nil else { return GoogleErrorResponse.required("part") }
            guard let chatID = request.queryValue("liveChatId") else { return GoogleErrorResponse.required("liveChatId") }
            guard let chat = store.chat(chatID) else { return YouTubeResponses.chatNotFound() }
            return YouTubeResponses.list(
                kind: "youtube#liveChatModeratorListResponse", items: chat.moderators.map(\.json), nextPageToken: nil,
                totalResults: chat.moderators.count, resultsPerPage: chat.moderators.count)
        }
    }

    func insertModerator(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            guard request.queryValue("part") != nil else { return GoogleErrorResponse.required("part") }
            guard let body = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            guard let chatID = body["snippet"]?["liveChatId"]?.stringValue,
                let channelID = body["snippet"]?["moderatorDetails"]?["channelId"]?.stringValue
            else {
                return YouTubeResponses.invalidValue("snippet", "liveChatId and moderatorDetails.channelId are required.")
            }
            let id = store.newID(length: 40)
            let inserted = store.updateChat(chatID) { chat -> ChatModerator? in
                guard !chat.moderators.contains(where: { $0.moderator.channelID == channelID }) else { return nil }
                let moderator = ChatModerator(
                    id: id, liveChatID: chatID,
                    moderator: ChatAuthor(channelID: channelID, displayName: "Viewer \(channelID.suffix(4))", isChatModerator: true))
                chat.moderators.append(moderator)
                return moderator
            }
            switch inserted {
            case .none: return YouTubeResponses.chatNotFound()
            case .some(.none):
                return GoogleErrorResponse.make(
                    status: 409, reason: "liveChatModeratorAlreadyExists", message: "The user is already a moderator.",
                    domain: "youtube.liveChat")
            case .some(.some(let moderator)):
                return YouTubeResponses.resource(moderator.json)
            }
        }
    }

    func deleteModerator(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            guard let id = request.queryValue("id") else { return GoogleErrorResponse.required("id") }
            let removed = store.state.withLock { state -> Bool in
                for (chatID, chat) in state.chats where chat.moderators.contains(where: { $0.id == id }) {
                    state.chats[chatID]?.moderators.removeAll { $0.id == id }
                    return true
                }
                return false
            }
            guard removed else {
                return GoogleErrorResponse.make(
                    status: 404, reason: "liveChatModeratorNotFound", message: "The moderator cannot be found.", domain: "youtube.liveChat")
            }
            return HTTPServerResponse(status: 204)
        }
    }

    // MARK: - Bans

    func listBans(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeRead) {
            guard let chatID = request.queryValue("liveChatId") else { return GoogleErrorResponse.required("liveChatId") }
            guard let chat = store.chat(chatID) else { return YouTubeResponses.chatNotFound() }
            return YouTubeResponses.list(
                kind: "youtube#liveChatBanListResponse", items: chat.bans.map(\.json), nextPageToken: nil,
                totalResults: chat.bans.count, resultsPerPage: chat.bans.count)
        }
    }

    func insertBan(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            guard request.queryValue("part") != nil else { return GoogleErrorResponse.required("part") }
            guard let body = await request.jsonBody() else { return GoogleErrorResponse.parseError() }
            guard let chatID = body["snippet"]?["liveChatId"]?.stringValue,
                let channelID = body["snippet"]?["bannedUserDetails"]?["channelId"]?.stringValue
            else {
                return YouTubeResponses.invalidValue("snippet", "liveChatId and bannedUserDetails.channelId are required.")
            }
            let type = body["snippet"]?["type"]?.stringValue ?? "permanent"
            guard ["permanent", "temporary"].contains(type) else {
                return YouTubeResponses.invalidValue("snippet.type", "Ban type must be permanent or temporary.")
            }
            let duration = body["snippet"]?["banDurationSeconds"]?.int64Value ?? (type == "temporary" ? 300 : nil)
            let id = store.newID(length: 40)
            let ban = store.updateChat(chatID) { chat -> ChatBan in
                let ban = ChatBan(
                    id: id, liveChatID: chatID, type: type, durationSeconds: type == "temporary" ? duration : nil,
                    bannedUser: ChatAuthor(channelID: channelID, displayName: "Viewer \(channelID.suffix(4))"))
                chat.bans.append(ban)
                return ban
            }
            guard let ban else { return YouTubeResponses.chatNotFound() }
            return YouTubeResponses.resource(ban.json)
        }
    }

    func deleteBan(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.youTubeWrite) {
            guard let id = request.queryValue("id") else { return GoogleErrorResponse.required("id") }
            let removed = store.state.withLock { state -> Bool in
                for (chatID, chat) in state.chats where chat.bans.contains(where: { $0.id == id }) {
                    state.chats[chatID]?.bans.removeAll { $0.id == id }
                    return true
                }
                return false
            }
            guard removed else {
                return GoogleErrorResponse.make(
                    status: 404, reason: "liveChatBanNotFound", message: "The ban cannot be found.", domain: "youtube.liveChat")
            }
            return HTTPServerResponse(status: 204)
        }
    }
}
