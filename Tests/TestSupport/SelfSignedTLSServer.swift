import Foundation

// MARK: - SelfSignedTLSServer

/// A local HTTPS server with a self-signed certificate for 127.0.0.1, made on the spot: the
/// `openssl` command's `s_server -www`, which answers every GET with an HTML status page. For
/// tests of what a client trusts (a TLS-inspecting proxy's CA), where the answer itself does not
/// matter. The port comes from the OS; the certificate and key live in the test's own folder.
public final class SelfSignedTLSServer: Sendable {
    /// The `openssl` command, when this machine has one.
    public static let openssl: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The certificate (PEM): what a client must trust to accept the server.
    public let certificateFile: URL
    /// `https://127.0.0.1:<port>/`.
    public let baseURL: URL
    private let process: Process

    private init(certificateFile: URL, baseURL: URL, process: Process) {
        self.certificateFile = certificateFile
        self.baseURL = baseURL
        self.process = process
    }

    /// Makes a certificate in `directory` and starts the server.
    /// - Throws: When `openssl` is missing or does not start.
    public static func start(in directory: URL) async throws -> SelfSignedTLSServer {
        guard let openssl else { throw Failure(reason: "no openssl command") }
        let certificate = directory.appendingPathComponent("tls-cert.pem")
        let key = directory.appendingPathComponent("tls-key.pem")
        let made = try await ChildProcess.run(
            URL(fileURLWithPath: openssl),
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", certificate.path, "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ], timeout: .seconds(60))
        guard made.status == 0 else { throw Failure(reason: "openssl req failed: \(made.standardError)") }
        let output = directory.appendingPathComponent("tls-server.out")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw Failure(reason: "cannot create \(output.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", certificate.path, "-key", key.path, "-www"]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // s_server prints `ACCEPT 127.0.0.1:<port>` once it listens.
        let port: @Sendable () -> Int? = {
            guard let text = try? String(contentsOf: output, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") })
            else { return nil }
            return line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        guard await waitUntil(.seconds(60), { port() != nil }), let number = port() else {
            process.terminate()
            throw Failure(reason: "openssl s_server did not start")
        }
        return SelfSignedTLSServer(
            certificateFile: certificate, baseURL: URL(string: "https://127.0.0.1:\(number)/")!, process: process)
    }

    public func stop() {
        if process.isRunning { process.terminate() }
    }

    deinit { stop() }

    struct Failure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}
