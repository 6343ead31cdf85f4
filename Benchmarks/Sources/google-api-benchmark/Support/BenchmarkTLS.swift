import Foundation

// MARK: - BenchmarkTLS

/// A throwaway CA and a server certificate for 127.0.0.1 signed by it, made with the `openssl`
/// command-line tool, so nginx can serve HTTPS (and HTTP/2 through ALPN) that clients trust
/// through a CA bundle instead of turning verification off.
struct BenchmarkTLS: Sendable {
    /// The CA certificate: what clients pass as `caBundlePath`.
    let caBundlePath: String
    let certificatePath: String
    let keyPath: String

    /// Writes the files into `directory`.
    /// - Returns: `nil` when `openssl` is not installed or fails.
    static func make(in directory: URL) -> BenchmarkTLS? {
        guard let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first(where: FileManager.default.isExecutableFile(atPath:))
        else { return nil }
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        let extensions = path("server.ext")
        let ext = """
            basicConstraints = CA:FALSE
            keyUsage = critical, digitalSignature, keyEncipherment
            extendedKeyUsage = serverAuth
            subjectAltName = IP:127.0.0.1
            """
        guard (try? ext.write(toFile: extensions, atomically: true, encoding: .utf8)) != nil else { return nil }
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=google-api-benchmark CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1",
            ],
            [
                "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                "-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile", extensions,
            ],
        ]
        for arguments in steps where !run(openssl, arguments) {
            return nil
        }
        return BenchmarkTLS(caBundlePath: path("ca.pem"), certificatePath: path("server.pem"), keyPath: path("server.key"))
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
