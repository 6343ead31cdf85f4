import Foundation
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

@Suite struct HTTPRouterTests {
    private func request(_ method: GoogleHTTPMethod, _ target: String) -> HTTPServerRequest {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        return HTTPServerRequest(
            method: method, target: target, path: path, query: nil, queryItems: [], headers: [:], body: Data(),
            connectionID: 0)
    }

    private func makeRouter() -> HTTPRouter {
        var router = HTTPRouter()
        router.get("/drive/v3/files/{fileId}") { _, parameters in .text("get " + (parameters["fileId"] ?? "?")) }
        router.delete("/drive/v3/files/{fileId}") { _, parameters in .text("delete " + (parameters["fileId"] ?? "?")) }
        router.get("/drive/v3/files") { _, _ in .text("list") }
        router.add(nil, "/upload/{path...}") { _, parameters in .text("upload [" + (parameters["path"] ?? "?") + "]") }
        return router
    }

    @Test func capturesParameters() async {
        let router = makeRouter()
        #expect(await router.handle(request(.get, "/drive/v3/files/abc?fields=id")).bodyText == "get abc")
        #expect(await router.handle(request(.delete, "/drive/v3/files/x%2Fy")).bodyText == "delete x/y")
        #expect(await router.handle(request(.get, "/drive/v3/files")).bodyText == "list")
    }

    @Test func trailingWildcardTakesTheRest() async {
        let router = makeRouter()
        #expect(await router.handle(request(.put, "/upload/drive/v3/files")).bodyText == "upload [drive/v3/files]")
        #expect(await router.handle(request(.post, "/upload")).bodyText == "upload []")
    }

    @Test func unknownPathIs404AndWrongMethodIs405() async {
        let router = makeRouter()
        #expect(await router.handle(request(.get, "/nothing/here")).status == 404)
        #expect(await router.handle(request(.get, "/drive/v3/files/a/b")).status == 404)
        let wrongMethod = await router.handle(request(.post, "/drive/v3/files/abc"))
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "GET, DELETE")
    }

    @Test func headFallsBackToGet() async {
        let router = makeRouter()
        #expect(await router.handle(request(.head, "/drive/v3/files/abc")).bodyText == "get abc")
    }

    @Test func customNotFoundHandler() async {
        var router = makeRouter()
        router.notFoundHandler = { _ in .text("custom", status: 404) }
        #expect(await router.handle(request(.get, "/x")).bodyText == "custom")
    }

    @Test func servesThroughTheServer() async throws {
        let router = makeRouter()
        let server = try startServer(handler: router.handle)
        let response = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET /drive/v3/files/id%20one HTTP/1.1\r\nHost: x\r\n\r\n")
            return try socket.readResponse()
        }
        #expect(response.text == "get id one")
    }
}

extension HTTPServerResponse {
    var bodyText: String {
        if case .data(let data) = body { return String(decoding: data, as: UTF8.self) }
        return ""
    }
}
