import Foundation
import GoogleHTTPTypes
import LocalHTTPServer

// MARK: - EmulatorRequestHandler

/// The emulator's server handler: applies injected faults (through ``FaultyResponse``), then
/// OAuth, then the API routes, and records what it answered.
struct EmulatorRequestHandler: Sendable {
    let context: EmulatorContext
    private let router: HTTPRouter

    init(context: EmulatorContext) {
        self.context = context
        var apiRouter = HTTPRouter()
        DriveHandlers(context: context).register(in: &apiRouter)
        DriveUploadHandlers(context: context).register(in: &apiRouter)
        DriveChangeHandlers(context: context).register(in: &apiRouter)
        DriveSharedDriveHandlers(context: context).register(in: &apiRouter)
        DrivePermissionHandlers(context: context).register(in: &apiRouter)
        LiveBroadcastHandlers(context: context).register(in: &apiRouter)
        LiveStreamHandlers(context: context).register(in: &apiRouter)
        LiveChatHandlers(context: context).register(in: &apiRouter)
        LiveChatStreamHandler(context: context).register(in: &apiRouter)
        VideoHandlers(context: context).register(in: &apiRouter)
        MetadataServerHandlers(context: context).register(in: &apiRouter)
        IAMCredentialsHandlers(context: context).register(in: &apiRouter)
        apiRouter.notFoundHandler = { request in
            GoogleErrorResponse.make(
                status: 404, reason: "notFound", message: "The requested URL \(request.path) was not found on this server.")
        }
        // Batch parts run through the API routes (not through batch again).
        let inner = apiRouter
        let oauth = context.oauth
        let faults = context.faults
        var router = apiRouter
        BatchHandler(context: context) { request in
            if case .status(let code, let retryAfter) = faults.takeRequestFault(method: request.method, path: request.path) {
                return Self.statusFault(code, retryAfter: retryAfter)
            }
            if let response = await oauth.handle(request) { return response }
            return await inner.handle(request)
        }.register(in: &router)
        self.router = router
    }

    func handle(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        // With the query, so a rule can single out e.g. media downloads (`/drive/v3/files/ID?alt=media`).
        let fault = context.faults.takeRequestFault(method: request.method, path: request.path + (request.query.map { "?" + $0 } ?? ""))
        let response: HTTPServerResponse
        if let fault {
            response = await FaultyResponse.applying(fault) { await dispatch(request) }
        } else {
            response = await dispatch(request)
        }
        let record = RecordedRequest(
            method: request.method, path: request.path, query: request.query, status: response.status,
            faulted: fault != nil || response.dropsConnection)
        if request.path.hasPrefix("/youtube/"), request.method != .get {
            // A transition may end a chat, a delete remove a message: open chat streams look again.
            context.youtube.chatUpdates.notify()
        }
        context.requestLog.record(record)
        context.configuration.requestObserver?(record)
        return response
    }

    private func dispatch(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        if let response = await context.oauth.handle(request) { return response }
        if let refusal = context.youtube.quota.charge(request) { return refusal }
        return await router.handle(request)
    }

    static func statusFault(_ status: Int, retryAfter: Int?) -> HTTPServerResponse {
        let (reason, message) = GoogleErrorResponse.defaultReason(status)
        var headers: [(String, String)] = []
        if let retryAfter { headers.append(("Retry-After", String(retryAfter))) }
        return GoogleErrorResponse.make(
            status: status, reason: reason, message: message, domain: status == 429 || status == 403 ? "usageLimits" : "global",
            headers: headers)
    }
}
