import Foundation
import GoogleHTTPTypes

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - URLSessionTransport

/// The `GoogleHTTPTypes/HTTPTransport` on URLSession: the default on Apple platforms (see
/// ``DefaultHTTPTransport``), and available on Linux through FoundationNetworking.
///
/// It applies the same response checks as ``CurlTransport`` (body and error-body limits, header
/// floods, `Content-Length` framing, a limit counted after decompression) and the same time
/// limits, which it runs itself: URLSession's own timeouts are off. Redirects are followed only
/// when the request asks (`GoogleHTTPTypes/GoogleHTTPRequest/followRedirects`), certificates are
/// verified unless `HTTPTransportConfiguration/verifyTLS` is off, and nothing is cached or
/// stored (an ephemeral session, no cookies).
///
/// URLSession does not say when the connection is up, so the connect limit
/// (`GoogleHTTPTypes/HTTPTimeouts/connect`) covers the time until the response head starts or the
/// request body starts moving. Settings that are libcurl's alone (`httpVersion`,
/// `maxConnectionsTotal`, `idleConnectionCacheSize`, `largeTransferBufferBytes`,
/// `caDirectoryPath`) are ignored; on Linux, FoundationNetworking also ignores `caBundlePath`,
/// `verifyTLS` and `proxy` (it reads the `URLSessionCertificateAuthorityInfoFile` and proxy
/// variables itself), and it sends a request body from a file or a stream chunked, without
/// `Content-Length`. There, a `.stream` body is read on FoundationNetworking's one work queue,
/// which waits for the task producing it: under load that can stall every URLSession transfer of
/// the process, so prefer data or file bodies with this transport on Linux (`CurlTransport`,
/// the default there, has no such limit).
public final class URLSessionTransport: HTTPTransport {
    public let configuration: HTTPTransportConfiguration
    let session: URLSession
    private let delegate: URLSessionTransportDelegate

    /// The process's one URLSession transport with `HTTPTransportConfiguration/default`, made on
    /// first use: the default transport on Apple platforms.
    public static let shared = URLSessionTransport()

    /// Creates a transport with `HTTPTransportConfiguration/default`.
    public convenience init() {
        self.init(configuration: .default)
    }

    /// - Parameter configuration: Timeouts, limits, TLS, proxy and identity settings.
    public init(configuration: HTTPTransportConfiguration) {
        self.configuration = configuration
        let settings = URLSessionConfiguration.ephemeral
        // The transport runs the request, connect and stall limits itself.
        settings.timeoutIntervalForRequest = 7 * 86_400
        settings.timeoutIntervalForResource = 7 * 86_400
        settings.httpMaximumConnectionsPerHost = configuration.maxConnectionsPerHost > 0 ? configuration.maxConnectionsPerHost : 1 << 16
        settings.httpCookieStorage = nil
        settings.httpShouldSetCookies = false
        settings.urlCache = nil
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        Self.applyPlatformSettings(configuration, to: settings)
        let delegate = URLSessionTransportDelegate(configuration: configuration)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "google-api-swift URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: settings, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        // The session holds its delegate until it is invalidated.
        session.invalidateAndCancel()
    }

    // MARK: - HTTPTransport

    /// Sends `request` and reads the whole response body into memory, with the same limits as
    /// ``CurlTransport/send(_:)``.
    /// - Parameter request: The request; its body may be data, a file or a stream.
    /// - Throws: `GoogleHTTPTypes/HTTPTransportError` when no complete response arrives,
    ///   `.responseTooLarge` past the size limit, `.invalidResponse` for a response that breaks
    ///   HTTP's framing rules.
    public func send(_ request: GoogleHTTPRequest) async throws -> GoogleHTTPResponse {
        let transfer = try makeTransfer(for: request, sink: .buffer)
        try await transfer.run()
        return transfer.bufferedResponse()
    }

    /// Sends `request` and writes the response body (whatever the status) to `file`, chunk by
    /// chunk as it arrives.
    /// - Parameters:
    ///   - request: The request.
    ///   - file: Created or truncated; on failure it holds the bytes received so far. Of an error
    ///     status's body only the first `HTTPTransportConfiguration/maxErrorBodyBytes` are written.
    /// - Throws: `GoogleHTTPTypes/HTTPTransportError`; `.responseBodyFailed` when `file` cannot be written.
    public func download(_ request: GoogleHTTPRequest, to file: URL) async throws -> GoogleHTTPResponseHead {
        let output: FileHandle
        do {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw HTTPTransportError(kind: .responseBodyFailed, url: request.url, message: "cannot create \(file.path)")
            }
            output = try FileHandle(forWritingTo: file)
        } catch let error as HTTPTransportError {
            throw error
        } catch {
            throw HTTPTransportError(kind: .responseBodyFailed, url: request.url, message: "cannot open \(file.path): \(error)")
        }
        let transfer = try makeTransfer(for: request, sink: .file(output))
        try await transfer.run()
        return transfer.head()
    }

    /// Sends `request` and returns when the response head has arrived.
    ///
    /// The body streams with back-pressure: past `HTTPTransportConfiguration/streamBufferBytes`
    /// waiting for the consumer, the URLSession task is suspended until the consumer catches up.
    /// Not on Linux, where FoundationNetworking's `suspend()` does not reliably pause a transfer
    /// in progress and a `resume()` after it can repeat bytes or stop the process: there the body
    /// is buffered as it arrives, up to 64 times `streamBufferBytes`; a consumer further behind
    /// ends the body with `responseBodyFailed` (the curl transport pauses instead).
    /// Cancelling the consuming task, or dropping the body, cancels the request.
    /// - Parameter request: The request.
    /// - Throws: `GoogleHTTPTypes/HTTPTransportError` when no response head arrives.
    public func stream(_ request: GoogleHTTPRequest) async throws -> HTTPStreamingResponse {
        let channel = URLSessionResponseChannel(limit: configuration.streamBufferBytes, url: request.url)
        let transfer = try makeTransfer(for: request, sink: .stream(channel))
        let head = try await transfer.runUntilHead()
        let reader = URLSessionStreamReader(channel: channel, transfer: transfer, transport: self)
        return HTTPStreamingResponse(head: head, body: HTTPResponseBody { try await reader.next() })
    }

    // MARK: - Plumbing

    private func makeTransfer(for request: GoogleHTTPRequest, sink: URLSessionTransfer.Sink) throws(HTTPTransportError)
        -> URLSessionTransfer
    {
        let prepared: URLSessionRequestBuilder.Prepared
        do {
            prepared = try URLSessionRequestBuilder(configuration: configuration).prepare(request)
        } catch {
            if case .file(let handle) = sink { try? handle.close() }
            throw error
        }
        let task = session.dataTask(with: prepared.urlRequest)
        let transfer = URLSessionTransfer(
            task: task, request: request, sink: sink, timeouts: configuration.timeouts(for: request),
            bodyLimit: request.maxResponseBodyBytes ?? configuration.maxResponseBodyBytes,
            errorBodyLimit: configuration.maxErrorBodyBytes, maxRedirects: configuration.maxRedirects,
            bodySource: prepared.bodySource, decodesBody: prepared.decodesBody)
        delegate.register(transfer, for: task)
        return transfer
    }
}

#if canImport(FoundationNetworking) && !GOOGLE_APPLE_TYPECHECK
extension URLSessionTransport {
    /// FoundationNetworking (Linux) has no per-session TLS or proxy settings: it reads
    /// `URLSessionCertificateAuthorityInfoFile` and the proxy variables from the environment.
    static func applyPlatformSettings(_ configuration: HTTPTransportConfiguration, to settings: URLSessionConfiguration) {}

    /// Server trust is FoundationNetworking's (libcurl's) own on Linux.
    static func answer(
        _ challenge: URLAuthenticationChallenge, configuration: HTTPTransportConfiguration
    ) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        (.performDefaultHandling, nil)
    }
}
#endif
