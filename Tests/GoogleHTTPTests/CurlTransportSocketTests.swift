import Foundation
import GoogleHTTP
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Sockets libcurl opens

@Suite("CurlTransport sockets")
struct CurlTransportSocketTests {
    @Test("an open connection's socket is close-on-exec, so child processes do not inherit it")
    func connectionSocketIsCloseOnExec() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        // 64 MiB streamed with back-pressure: the transfer stays open, paused, while we look.
        let response = try await transport.stream(HTTPRequest(url: server.url("/bytes/\(64 << 20)")))
        #expect(response.status == 200)
        let descriptors = await transport.activeSocketDescriptors()
        try #require(descriptors.count == 1)
        for descriptor in descriptors {
            var status = stat()
            #expect(fstat(descriptor, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFSOCK, "descriptor \(descriptor) is not a socket")
            let flags = fcntl(descriptor, F_GETFD)
            #expect(flags >= 0)
            #expect(flags & FD_CLOEXEC != 0, "socket \(descriptor) would be inherited by a child process")
        }
        withExtendedLifetime(response) {}
    }
}
