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
        let port = try #require(server.server.baseURL.port)
        let transport = CurlTransport()
        // 64 MiB streamed with back-pressure: the transfer stays open, paused, while we look.
        let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/bytes/\(64 << 20)")))
        #expect(response.status == 200)
        // Our client socket is the one whose peer is the server's port (the server's own accepted
        // socket has the client's port as its peer); tests running alongside use other servers.
        let clientSockets = Self.openSockets(connectedToLoopbackPort: UInt16(port))
        try #require(clientSockets.count == 1)
        for descriptor in clientSockets {
            let flags = fcntl(descriptor, F_GETFD)
            #expect(flags >= 0)
            #expect(flags & FD_CLOEXEC != 0, "socket \(descriptor) would be inherited by a child process")
        }
        withExtendedLifetime(response) {}
    }

    /// Descriptors of this process that are IPv4 sockets connected to 127.0.0.1:`port`.
    private static func openSockets(connectedToLoopbackPort port: UInt16) -> [Int32] {
        var found: [Int32] = []
        for descriptor in Int32(0)..<Int32(4096) where fcntl(descriptor, F_GETFD) >= 0 {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let result = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
            }
            guard result == 0, Int32(address.sin_family) == AF_INET else { continue }
            if UInt16(bigEndian: address.sin_port) == port, UInt32(bigEndian: address.sin_addr.s_addr) == 0x7F00_0001 {
                found.append(descriptor)
            }
        }
        return found
    }
}
