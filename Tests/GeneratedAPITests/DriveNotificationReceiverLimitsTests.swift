import Foundation
import GoogleDrive
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - DriveNotificationReceiverLimitsTests

/// The receiver against what a stranger can send: methods and `Host` as RFC 9110/9112 say,
/// bodies refused before they are read, heads and bodies bounded by ``DriveNotificationReceiver/Limits``.
@Suite struct DriveNotificationReceiverLimitsTests {
    private static let channel = DriveChannelCredentials(
        channelID: "channel-1", token: "secret-token", resourceID: "resource-1", expiration: Date().addingTimeInterval(3600))

    private static let notificationHeaders =
        "X-Goog-Channel-ID: channel-1\r\nX-Goog-Channel-Token: secret-token\r\nX-Goog-Resource-State: change\r\n"
        + "X-Goog-Message-Number: 2\r\nX-Goog-Resource-ID: resource-1\r\n"
        + "X-Goog-Resource-URI: https://www.googleapis.com/drive/v3/changes?alt=json\r\n"

    private static func receiver() throws -> DriveNotificationReceiver {
        let receiver = DriveNotificationReceiver()
        try receiver.start()
        receiver.accept(channel)
        return receiver
    }

    private static func status(_ reply: Data?) -> String {
        String(decoding: (reply ?? Data()).prefix(12), as: UTF8.self)
    }

    @Test(
        "Methods and Host as RFC 9110/9112 say",
        arguments: [
            ("post /drive/notifications HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 501"),
            ("POST /drive/notifications HTTP/1.1\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 400"),
            ("POST /drive/notifications HTTP/1.1\r\nHost: a\r\nHost: b\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 400"),
            ("POST /drive/notifications HTTP/1.1\r\nHost: a b\r\nContent-Length: 0\r\n\r\n", "HTTP/1.1 400"),
            ("GET /drive/notifications HTTP/1.1\r\nHost: h\r\n\r\n", "HTTP/1.1 405"),
            ("POST /drive/notifications HTTP/1.1\r\nHost: h\r\n\(notificationHeaders)Content-Length: 0\r\n\r\n", "HTTP/1.1 200"),
        ])
    func methodAndHost(request: String, expected: String) async throws {
        let receiver = try Self.receiver()
        defer { receiver.stop() }
        let reply = await RawSocket.exchange(port: receiver.address.port ?? 0, bytes: Array(request.utf8))
        #expect(Self.status(reply) == expected, "\(String(decoding: reply ?? Data(), as: UTF8.self))")
        if expected == "HTTP/1.1 405" {
            #expect(String(decoding: reply ?? Data(), as: UTF8.self).contains("Allow: POST"))
        }
    }

    @Test("A 1 GB declared body is refused before any of it is sent, forged or genuine")
    func hugeDeclaredBodies() async throws {
        let receiver = try Self.receiver()
        defer { receiver.stop() }
        let port = receiver.address.port ?? 0
        let forged = "POST /drive/notifications HTTP/1.1\r\nHost: h\r\nX-Goog-Channel-ID: channel-1\r\nContent-Length: 1073741824\r\n\r\n"
        // Refused from its head alone (its declared size, or its forged channel).
        #expect(Self.status(await RawSocket.exchange(port: port, bytes: Array(forged.utf8))).hasPrefix("HTTP/1.1 4"))
        let genuine = "POST /drive/notifications HTTP/1.1\r\nHost: h\r\n\(Self.notificationHeaders)Content-Length: 1073741824\r\n\r\n"
        #expect(Self.status(await RawSocket.exchange(port: port, bytes: Array(genuine.utf8))) == "HTTP/1.1 413")
        #expect(receiver.acceptedCount == 0)
    }

    @Test("A genuine notification with an endless chunked body is refused with 413 after a few KiB")
    func endlessChunkedBody() async throws {
        let receiver = try Self.receiver()
        defer { receiver.stop() }
        let chunk = "1000\r\n" + String(repeating: "x", count: 4096) + "\r\n"
        // Eight chunks (32 KiB, well past the 4 KiB limit) and no last chunk: an endless body.
        let request =
            "POST /drive/notifications HTTP/1.1\r\nHost: h\r\n\(Self.notificationHeaders)Transfer-Encoding: chunked\r\n\r\n"
            + String(repeating: chunk, count: 8)
        let reply = await RawSocket.exchange(port: receiver.address.port ?? 0, bytes: Array(request.utf8))
        #expect(Self.status(reply) == "HTTP/1.1 413", "\(String(decoding: reply ?? Data(), as: UTF8.self))")
        #expect(receiver.acceptedCount == 0)
    }

    @Test("The defaults are sized for what Drive sends")
    func defaults() {
        let limits = DriveNotificationReceiver.Limits()
        #expect(limits.maxBodyBytes <= 8 * 1024 && limits.maxHeaderBytes <= 64 * 1024)
        #expect(limits.maxConnections <= 256 && limits.requestHeadTimeout <= .seconds(10))
    }
}
