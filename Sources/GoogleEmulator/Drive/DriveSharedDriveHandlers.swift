import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - DriveSharedDriveHandlers

/// drives.create, drives.get and drives.list.
struct DriveSharedDriveHandlers: Sendable {
    let context: EmulatorContext
    var store: DriveStore { context.drive }
    var files: DriveHandlers { DriveHandlers(context: context) }

    func register(in router: inout HTTPRouter) {
        router.post("/drive/v3/drives", returning: .drive("Drive")) { request, _ in await create(request) }
        router.get("/drive/v3/drives", returning: .drive("DriveList")) { request, _ in await list(request) }
        router.get("/drive/v3/drives/{driveId}", returning: .drive("Drive")) { request, parameters in
            await get(request, driveID: parameters["driveId"] ?? "")
        }
    }

    func create(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard let requestID = request.queryValue("requestId"), !requestID.isEmpty else {
                return GoogleErrorResponse.required("requestId")
            }
            guard let body = await request.jsonBody(), case .object = body else { return GoogleErrorResponse.parseError() }
            guard let name = body["name"]?.stringValue, !name.isEmpty else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "required", message: "A shared drive name is required.", location: "name",
                    locationType: "parameter")
            }
            return files.jsonResponse(
                store.createSharedDrive(name: name, requestID: requestID).drive.json, request: request, defaultFields: nil)
        }
    }

    func get(_ request: HTTPServerRequest, driveID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let drive = store.sharedDrives.drive(driveID) else {
                return GoogleErrorResponse.make(
                    status: 404, reason: "notFound", message: "Shared drive not found: \(driveID)", location: "driveId",
                    locationType: "parameter")
            }
            return files.jsonResponse(drive.json, request: request, defaultFields: nil)
        }
    }

    func list(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            let pageSize: Int
            switch DriveHandlers.pageSize(request, default: 10, maximum: 100) {
            case .success(let value): pageSize = value
            case .failure(let error): return error.response
            }
            var offset = 0
            if let token = request.queryValue("pageToken"), !token.isEmpty {
                guard let parsed = PageToken.offset(from: token, scope: "drives") else {
                    return GoogleErrorResponse.make(
                        status: 400, reason: "invalid", message: "Invalid Value", location: "pageToken", locationType: "parameter")
                }
                offset = parsed
            }
            let drives = store.sharedDrives.all
            let page = drives.dropFirst(offset).prefix(pageSize)
            let next = offset + page.count
            let body = JSONValue.compactObject([
                ("kind", .string("drive#driveList")),
                ("nextPageToken", next < drives.count ? .string(PageToken.make(offset: next, scope: "drives")) : nil),
                ("drives", .array(page.map(\.json))),
            ])
            return files.jsonResponse(body, request: request, defaultFields: nil)
        }
    }
}
