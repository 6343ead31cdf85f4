import GoogleDrive
import HTTPTypes
import NIOHTTP1

// One file importing the ecosystem's HTTP vocabulary (stand-ins for NIOHTTP1 and HTTPTypes) and a
// generated API: every name below must resolve to the stand-ins' types, unqualified. A generated
// module (or the runtime it re-exports) declaring one of them would make this file ambiguous.

/// The names used unqualified next to the generated `Drive`.
public func namespaceCheck() -> String {
    let headers = HTTPHeaders(["accept"])
    let method = HTTPMethod.GET
    let head = HTTPResponseHead(status: 204)
    let request = HTTPRequest(path: "/files")
    let response = HTTPResponse(status: 200)
    _ = HTTPFields()
    return "namespace \(headers.names) \(method) \(head.status) \(request.path) \(response.status) \(Drive.self)"
}
