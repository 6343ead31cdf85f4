import Foundation

// MARK: - BenchmarkContext

/// What every section can use: the loopback server, its fixture files and a scratch directory.
struct BenchmarkContext: Sendable {
    /// Which server answers (nginx, or LocalHTTPServer when nginx is not installed).
    var serverDescription: String
    var baseURL: URL
    /// A ~18 KB `drive#fileList` JSON document, served at ``jsonURL``.
    var jsonURL: URL
    var jsonBytes: Int
    /// A large binary file, served at ``largeURL``.
    var largeURL: URL
    var largeBytes: Int64
    /// The same fixture files on disk (for upload rows).
    var jsonFile: URL
    var largeFile: URL
    /// The same files with nginx's `gzip on`, over cleartext and over HTTPS with HTTP/2; `nil`
    /// without nginx (or, for HTTPS, without openssl).
    var gzipBaseURL: URL?
    var tlsBaseURL: URL?
    /// The throwaway CA that signed the HTTPS server's certificate.
    var caBundlePath: String?
    /// A directory sections may write to; removed at exit.
    var scratchDirectory: URL
    /// How long each rate measurement runs.
    var measureSeconds: Double
    /// Alternating rounds the sequential GET rows split `measureSeconds` into, keeping each
    /// contender's best (`--rounds`; more rounds ride out bursts of load from elsewhere).
    var rounds = 3
}
