// Apple platforms only: URLSession's TLS trust, proxy settings and streamed request bodies, which
// FoundationNetworking does differently. `.ci/typecheck-apple.sh` compiles this file on Linux
// against declarations of Apple's APIs, with GOOGLE_APPLE_TYPECHECK set (URLSession's types live
// in FoundationNetworking there).
#if canImport(Security) && (!canImport(FoundationNetworking) || GOOGLE_APPLE_TYPECHECK)
import Foundation
import GoogleHTTPTypes
import Security

#if GOOGLE_APPLE_TYPECHECK
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// The configured proxy for http and https (keys of `connectionProxyDictionary`, spelled out
    /// because `kCFNetworkProxiesHTTPSProxy` and its siblings are macOS-only constants).
    /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/connectionproxydictionary
    static func applyPlatformSettings(_ configuration: HTTPTransportConfiguration, to settings: URLSessionConfiguration) {
        guard let proxy = configuration.proxy, let host = proxy.host else { return }
        let port = proxy.port ?? 1080
        settings.connectionProxyDictionary = [
            "HTTPEnable": 1, "HTTPProxy": host, "HTTPPort": port,
            "HTTPSEnable": 1, "HTTPSProxy": host, "HTTPSPort": port,
        ]
    }

    /// Server trust: URLSession's own evaluation unless the configuration replaces the trusted
    /// CAs (`caBundlePath`: those anchors only) or turns verification off.
    /// https://developer.apple.com/documentation/security/sectrustsetanchorcertificates(_:_:)
    static func answer(
        _ challenge: URLAuthenticationChallenge, configuration: HTTPTransportConfiguration
    ) -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
            let trust = challenge.protectionSpace.serverTrust
        else { return (.performDefaultHandling, nil) }
        if !configuration.verifyTLS {
            return (.useCredential, URLCredential(trust: trust))
        }
        guard let path = configuration.caBundlePath else { return (.performDefaultHandling, nil) }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return (.cancelAuthenticationChallenge, nil) }
        let anchors = PEMCertificateBundle.derCertificates(in: text).compactMap { SecCertificateCreateWithData(nil, $0 as CFData) }
        guard !anchors.isEmpty else { return (.cancelAuthenticationChallenge, nil) }
        guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
            SecTrustSetAnchorCertificatesOnly(trust, true) == errSecSuccess
        else { return (.cancelAuthenticationChallenge, nil) }
        var error: CFError?
        return SecTrustEvaluateWithError(trust, &error)
            ? (.useCredential, URLCredential(trust: trust)) : (.cancelAuthenticationChallenge, nil)
    }
}

extension URLSessionBodySource {
    /// URLSession on Apple platforms reads `httpBodyStream` through the run loop, which only its
    /// own streams support: a bound pair, whose output end a thread of ours fills (blocking that
    /// thread, never a cooperative one).
    /// https://developer.apple.com/documentation/foundation/stream/getboundstreams(withbuffersize:inputstream:outputstream:)
    func makeInputStream() -> InputStream {
        var input: InputStream?
        var output: OutputStream?
        Stream.getBoundStreams(withBufferSize: 64 << 10, inputStream: &input, outputStream: &output)
        guard let input, let output else { return InputStream(data: Data()) }
        // The output end belongs to the pump thread alone from here on.
        let handOver = OutputStreamHandOver(stream: output)
        let pump = Thread { [self] in self.pump(into: handOver.stream) }
        pump.name = "google-api-swift request body"
        pump.start()
        return input
    }

    private func pump(into output: OutputStream) {
        output.open()
        defer { output.close() }
        let capacity = 64 << 10
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        while true {
            let count = read(into: buffer, capacity: capacity)
            guard count > 0 else { return }
            var offset = 0
            while offset < count {
                let written = output.write(buffer + offset, maxLength: count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// Moves the bound pair's output end to the thread that fills it; nothing else touches it after.
private struct OutputStreamHandOver: @unchecked Sendable {
    let stream: OutputStream
}
#endif
