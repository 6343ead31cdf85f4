import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - DrivePermissionHandlers

/// permissions.create, list, get, update and delete. Each change to a file's permissions is a
/// change in the log (and an `update` with `X-Goog-Changed: permissions` to its channels).
struct DrivePermissionHandlers: Sendable {
    let context: EmulatorContext
    var store: DriveStore { context.drive }
    var files: DriveHandlers { DriveHandlers(context: context) }

    func register(in router: inout HTTPRouter) {
        router.post("/drive/v3/files/{fileId}/permissions", returning: .drive("Permission")) { request, parameters in
            await create(request, fileID: parameters["fileId"] ?? "")
        }
        router.get("/drive/v3/files/{fileId}/permissions", returning: .drive("PermissionList")) { request, parameters in
            await list(request, fileID: parameters["fileId"] ?? "")
        }
        router.get("/drive/v3/files/{fileId}/permissions/{permissionId}", returning: .drive("Permission")) { request, parameters in
            await get(request, fileID: parameters["fileId"] ?? "", permissionID: parameters["permissionId"] ?? "")
        }
        router.patch("/drive/v3/files/{fileId}/permissions/{permissionId}", returning: .drive("Permission")) { request, parameters in
            await update(request, fileID: parameters["fileId"] ?? "", permissionID: parameters["permissionId"] ?? "")
        }
        router.delete("/drive/v3/files/{fileId}/permissions/{permissionId}") { request, parameters in
            await delete(request, fileID: parameters["fileId"] ?? "", permissionID: parameters["permissionId"] ?? "")
        }
    }

    private func all(_ file: DriveFile) -> [DrivePermission] {
        (file.driveID == nil ? [DrivePermission.owner(store.owner)] : []) + file.permissions
    }

    func create(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard let file = files.visibleFile(fileID, request) else { return DriveHandlers.fileNotFound(fileID) }
            guard let body = await request.jsonBody(), case .object = body else { return GoogleErrorResponse.parseError() }
            guard let type = body["type"]?.stringValue, DrivePermission.types.contains(type) else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "required", message: "The permission type field is required.", location: "permission.type",
                    locationType: "other")
            }
            guard let role = body["role"]?.stringValue, DrivePermission.roles.contains(role), role != "owner" else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalid", message: "The permission role field is invalid.", location: "permission.role",
                    locationType: "other")
            }
            let email = body["emailAddress"]?.stringValue
            let domain = body["domain"]?.stringValue
            if (type == "user" || type == "group") && email?.contains("@") != true {
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalid", message: "The permission email address is invalid.",
                    location: "permission.emailAddress", locationType: "other")
            }
            if type == "domain" && (domain ?? "").isEmpty {
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalid", message: "The permission domain is invalid.", location: "permission.domain",
                    locationType: "other")
            }
            let permission = DrivePermission(
                id: type == "anyone" ? "anyoneWithLink" : String(store.identifiers.nextValue() % 10_000_000_000_000_000_000),
                type: type, role: role, emailAddress: email, domain: domain)
            _ = store.update(file.id, changed: "permissions") { file in
                file.permissions.removeAll { $0.id == permission.id }
                file.permissions.append(permission)
            }
            return files.jsonResponse(permission.json, request: request, defaultFields: Self.permissionDefaultFields)
        }
    }

    func list(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let file = files.visibleFile(fileID, request) else { return DriveHandlers.fileNotFound(fileID) }
            let body = JSONValue.members([
                ("kind", .string("drive#permissionList")),
                ("permissions", .array(all(file).map(\.json))),
            ])
            return files.jsonResponse(body, request: request, defaultFields: nil)
        }
    }

    func get(_ request: HTTPServerRequest, fileID: String, permissionID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let file = files.visibleFile(fileID, request) else { return DriveHandlers.fileNotFound(fileID) }
            guard let permission = all(file).first(where: { $0.id == permissionID }) else { return Self.notFound(permissionID) }
            return files.jsonResponse(permission.json, request: request, defaultFields: Self.permissionDefaultFields)
        }
    }

    func update(_ request: HTTPServerRequest, fileID: String, permissionID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard let file = files.visibleFile(fileID, request) else { return DriveHandlers.fileNotFound(fileID) }
            guard file.permissions.contains(where: { $0.id == permissionID }) else { return Self.notFound(permissionID) }
            guard let body = await request.jsonBody(), let role = body["role"]?.stringValue, DrivePermission.roles.contains(role),
                role != "owner"
            else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "invalid", message: "The permission role field is invalid.", location: "permission.role",
                    locationType: "other")
            }
            let updated = store.update(file.id, changed: "permissions") { file in
                if let index = file.permissions.firstIndex(where: { $0.id == permissionID }) { file.permissions[index].role = role }
            }
            guard let permission = updated?.permissions.first(where: { $0.id == permissionID }) else { return Self.notFound(permissionID) }
            return files.jsonResponse(permission.json, request: request, defaultFields: Self.permissionDefaultFields)
        }
    }

    func delete(_ request: HTTPServerRequest, fileID: String, permissionID: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveWrite) {
            guard let file = files.visibleFile(fileID, request) else { return DriveHandlers.fileNotFound(fileID) }
            guard file.permissions.contains(where: { $0.id == permissionID }) else { return Self.notFound(permissionID) }
            _ = store.update(file.id, changed: "permissions") { $0.permissions.removeAll { $0.id == permissionID } }
            return HTTPServerResponse(status: 204)
        }
    }

    /// A permission's default fields (Drive v3 without `fields`).
    static let permissionDefaultFields = FieldMask(parsing: "kind,id,type,role,emailAddress,domain")!

    static func notFound(_ permissionID: String) -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 404, reason: "notFound", message: "Permission not found: \(permissionID).", location: "permissionId",
            locationType: "parameter")
    }
}
