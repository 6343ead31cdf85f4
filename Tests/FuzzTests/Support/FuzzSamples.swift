import Foundation
import GoogleEmulator
import GoogleHTTP

// MARK: - FuzzSamples

/// Real inputs to start from: what the emulator answers, the package's Discovery fixtures, and
/// HTTP messages in the shapes clients and Google send.
enum FuzzSamples {
    /// The package root (this file is `Tests/FuzzTests/Support/FuzzSamples.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: packageRoot.appendingPathComponent(relativePath)))
    }

    // MARK: - From the emulator

    /// Responses of a running emulator: Drive and YouTube JSON, an error body, a token response,
    /// a batch response (body and content type) and the emulator's client_secret JSON.
    struct EmulatorResponses: Sendable {
        var json: [[UInt8]] = []
        var errorBodies: [[UInt8]] = []
        var tokenResponses: [[UInt8]] = []
        var batchBody: [UInt8] = []
        var batchContentType = ""
        var clientSecret: [UInt8] = []
    }

    /// Fetched once per process, shared by the suites.
    static func emulatorResponses() async throws -> EmulatorResponses {
        try await fetched.value
    }

    private static let fetched = Task { try await fetchEmulatorResponses() }

    private static func fetchEmulatorResponses() async throws -> EmulatorResponses {
        let emulator = try GoogleEmulator.start()
        defer { emulator.stop() }
        let transport = CurlTransport()
        let root = emulator.rootURL.absoluteString
        let token = emulator.issueAccessToken(scopes: [
            "https://www.googleapis.com/auth/drive", "https://www.googleapis.com/auth/youtube",
        ])
        func get(_ path: String) async throws -> GoogleHTTPResponse {
            try await transport.send(GoogleHTTPRequest(url: URL(string: root + path)!, headers: ["Authorization": "Bearer \(token)"]))
        }
        var samples = EmulatorResponses()
        let list = try await get("drive/v3/files?fields=*")
        samples.json.append(Array(list.body))
        if let object = try JSONSerialization.jsonObject(with: list.body) as? [String: Any],
            let files = object["files"] as? [[String: Any]], let id = files.first?["id"] as? String
        {
            samples.json.append(Array(try await get("drive/v3/files/\(id)?fields=*").body))
        }
        samples.json.append(Array(try await get("drive/v3/about?fields=*").body))
        samples.json.append(Array(try await get("youtube/v3/liveBroadcasts?part=id,snippet,status,contentDetails&mine=true").body))
        samples.json.append(Array(try await get("youtube/v3/liveStreams?part=id,snippet,cdn,status&mine=true").body))
        samples.errorBodies.append(Array(try await get("drive/v3/files/no-such-file").body))
        samples.errorBodies.append(Array(try await get("drive/v3/files?pageSize=-5").body))

        let client = try JSONSerialization.jsonObject(with: emulator.clientSecretJSON()) as? [String: Any]
        let installed = client?["installed"] as? [String: Any]
        let refresh = emulator.oauth.issueTokens(scopes: ["openid", "email"]).refresh
        let form =
            "grant_type=refresh_token&refresh_token=\(refresh)"
            + "&client_id=\(installed?["client_id"] as? String ?? "")&client_secret=\(installed?["client_secret"] as? String ?? "")"
        let tokenResponse = try await transport.send(
            GoogleHTTPRequest(
                method: .post, url: emulator.oauthEndpoints.token,
                headers: ["Content-Type": "application/x-www-form-urlencoded"], body: .data(Data(form.utf8))))
        samples.tokenResponses.append(Array(tokenResponse.body))
        samples.clientSecret = Array(emulator.clientSecretJSON())

        let boundary = "batch_fuzz_boundary"
        var batch = ""
        for (index, path) in ["/drive/v3/files?pageSize=2", "/drive/v3/files/no-such-file"].enumerated() {
            batch += "--\(boundary)\r\nContent-Type: application/http\r\nContent-ID: <item\(index)>\r\n\r\n"
            batch += "GET \(path)\r\nAuthorization: Bearer \(token)\r\n\r\n"
        }
        batch += "--\(boundary)--\r\n"
        let batchResponse = try await transport.send(
            GoogleHTTPRequest(
                method: .post, url: URL(string: root + "batch/drive/v3")!,
                headers: ["Authorization": "Bearer \(token)", "Content-Type": "multipart/mixed; boundary=\(boundary)"],
                body: .data(Data(batch.utf8))))
        samples.batchBody = Array(batchResponse.body)
        samples.batchContentType = batchResponse.headers["Content-Type"] ?? ""
        return samples
    }

    // MARK: - HTTP messages

    /// Request heads as curl, browsers and Google's client libraries send them.
    static let requestHeads: [String] = [
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n",
        "GET /?state=abc&code=4%2F0Adeu5BW&scope=email%20openid HTTP/1.1\r\nHost: 127.0.0.1:53111\r\n"
            + "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: text/html,application/xhtml+xml\r\n"
            + "Accept-Language: en-US,en;q=0.5\r\nAccept-Encoding: gzip, deflate, br\r\nConnection: keep-alive\r\n"
            + "Upgrade-Insecure-Requests: 1\r\nSec-Fetch-Dest: document\r\n\r\n",
        "POST /upload/drive/v3/files?uploadType=resumable HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ya29.a0\r\n"
            + "Content-Type: application/json; charset=UTF-8\r\nX-Upload-Content-Type: video/mp4\r\n"
            + "X-Upload-Content-Length: 1048576\r\nContent-Length: 17\r\nExpect: 100-continue\r\n\r\n",
        "PUT /upload?upload_id=xyz HTTP/1.1\r\nHost: h\r\nContent-Range: bytes 0-262143/1048576\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n",
        "HEAD /drive/v3/files/abc?alt=media HTTP/1.0\r\nRange: bytes=100-\r\nIf-Range: \"etag\"\r\n\r\n",
    ]

    /// Chunked bodies: ordinary, with extensions, with trailers, with empty chunks.
    static let chunkedBodies: [String] = [
        "5\r\nhello\r\n0\r\n\r\n",
        "1a;name=value\r\nabcdefghijklmnopqrstuvwxyz\r\n10\r\n0123456789ABCDEF\r\n0\r\nX-Trailer: yes\r\n\r\n",
        "000\r\n\r\n",
        "3\r\nabc\r\n3;x\r\ndef\r\n0;end\r\nA: b\r\nC: d\r\n\r\n",
    ]

    /// Nested HTTP responses as batch parts carry them.
    static let nestedResponses: [String] = [
        "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: 11\r\n\r\n{\"id\":\"x\"}\n",
        "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\n\r\n{\"error\":{\"code\":404,\"message\":\"File not found\"}}",
        "HTTP/1.1 204 No Content\r\n\r\n",
    ]
}
