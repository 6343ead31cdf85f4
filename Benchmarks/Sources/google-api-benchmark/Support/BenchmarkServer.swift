import Foundation
import GoogleHTTP
import LocalHTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - BenchmarkServer

/// The loopback server the benchmark measures against: nginx when installed (so the server is
/// not the bottleneck), otherwise the package's own LocalHTTPServer.
final class BenchmarkServer: @unchecked Sendable {
    let description: String
    let baseURL: URL
    /// The same files with `gzip on` (JSON under `/drive/`); nginx only.
    private(set) var gzipBaseURL: URL?
    /// The same files over HTTPS (HTTP/2 by ALPN) with `gzip on`; nginx and openssl only.
    private(set) var tlsBaseURL: URL?
    /// The CA that signed the HTTPS server's certificate.
    private(set) var caBundlePath: String?
    private var nginx: Process?
    private var localServer: LocalHTTPServer?

    /// Serves the files in `root` (`/<name>`), using `prefix` for nginx's own files.
    init(root: URL, prefix: URL) throws {
        let tls = BenchmarkTLS.make(in: prefix)
        if let nginxPath = Self.findNginx(), let started = try? Self.startNginx(at: nginxPath, root: root, prefix: prefix, tls: tls) {
            nginx = started.process
            baseURL = URL(string: "http://127.0.0.1:\(started.port)")!
            gzipBaseURL = URL(string: "http://127.0.0.1:\(started.gzipPort)")!
            if let tlsPort = started.tlsPort, let tls {
                tlsBaseURL = URL(string: "https://127.0.0.1:\(tlsPort)")!
                caBundlePath = tls.caBundlePath
            }
            description = "nginx (\(nginxPath), 1 worker)"
        } else {
            let server = try LocalHTTPServer.start { request in
                let name = String(request.path.drop { $0 == "/" })
                guard !name.contains("/"), !name.isEmpty else { return .notFound }
                let file = root.appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: file.path) else { return .notFound }
                return HTTPServerResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: .file(file))
            }
            localServer = server
            baseURL = server.baseURL
            description = "LocalHTTPServer (nginx not found)"
        }
    }

    func stop() {
        if let nginx, nginx.isRunning {
            nginx.terminate()
            nginx.waitUntilExit()
        }
        nginx = nil
        localServer?.stop()
    }

    deinit {
        stop()
    }

    // MARK: - nginx

    private static func findNginx() -> String? {
        let candidates =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/nginx" }
            + ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func startNginx(
        at path: String, root: URL, prefix: URL, tls: BenchmarkTLS?
    ) throws -> (process: Process, port: Int, gzipPort: Int, tlsPort: Int?) {
        let port = try freePort()
        let gzipPort = try freePort()
        let tlsPort = try tls.map { _ in try freePort() }
        // gzip as Google serves it: JSON only; nginx's default level 1. The page has no file
        // extension, so `/drive/` declares its type.
        let gzipSettings = """
                    gzip on;
                    gzip_types application/json;
                    gzip_min_length 256;
                    location /drive/ { default_type application/json; }
            """
        var extraServers = """
                server {
                    listen 127.0.0.1:\(gzipPort);
                    root \(root.path);
            \(gzipSettings)
                }
            """
        if let tls, let tlsPort {
            extraServers += """

                    server {
                        listen 127.0.0.1:\(tlsPort) ssl http2;
                        ssl_certificate \(tls.certificatePath);
                        ssl_certificate_key \(tls.keyPath);
                        root \(root.path);
                \(gzipSettings)
                    }
                """
        }
        let temp = prefix.path
        for folder in ["logs", "body", "proxy", "fastcgi", "uwsgi", "scgi"] {
            try FileManager.default.createDirectory(atPath: "\(temp)/\(folder)", withIntermediateDirectories: true)
        }
        let configuration = """
            worker_processes 1;
            daemon off;
            pid \(temp)/nginx.pid;
            error_log \(temp)/logs/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                sendfile on;
                tcp_nopush on;
                tcp_nodelay on;
                keepalive_timeout 120s;
                keepalive_requests 100000000;
                default_type application/octet-stream;
                types { application/json json; }
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root.path);
                    location / { }
                }
            \(extraServers)
            }
            """
        let configurationFile = prefix.appendingPathComponent("nginx.conf")
        try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", configurationFile.path, "-p", temp + "/", "-e", "\(temp)/logs/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (up to 5 s) until it accepts connections.
        for _ in 0..<500 {
            if canConnect(port: port), canConnect(port: gzipPort), tlsPort.map(canConnect(port:)) ?? true {
                return (process, port, gzipPort, tlsPort)
            }
            if !process.isRunning { break }
            usleep(10_000)
        }
        process.terminate()
        throw CocoaError(.executableLoad)
    }

    /// A port that was free a moment ago: bind to port 0, read the port, close.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, streamSocketType, 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ok else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func canConnect(port: Int) -> Bool {
        let descriptor = socket(AF_INET, streamSocketType, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}

/// `SOCK_STREAM` as `socket(2)` takes it (an enum on Glibc, a plain constant elsewhere).
private var streamSocketType: Int32 {
    #if canImport(Glibc)
    Int32(SOCK_STREAM.rawValue)
    #else
    Int32(SOCK_STREAM)
    #endif
}
