import Foundation
import GoogleHTTP
import Testing

// MARK: - TransportUnderTest

/// The transports the conformance suite runs against: libcurl's, and URLSession's through
/// FoundationNetworking (the one Apple platforms use, on Linux).
enum TransportUnderTest: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case curl
    case urlSession

    func make(_ configuration: HTTPTransportConfiguration = .default) -> any HTTPTransport {
        switch self {
        case .curl: CurlTransport(configuration: configuration)
        case .urlSession: URLSessionTransport(configuration: configuration)
        }
    }

    var testDescription: String { rawValue }

    /// What FoundationNetworking (URLSession on Linux) cannot do that Apple's URLSession does, so
    /// the case is skipped for `.urlSession` on Linux; the reason is the measured behaviour.
    enum LinuxGap: String, Sendable {
        /// A request body from a file or a stream (`httpBodyStream`): FoundationNetworking reads
        /// it on its one work queue, which every session's `dataTask` and `invalidateAndCancel`
        /// also wait for from cooperative threads; a body whose producer needs a cooperative
        /// thread deadlocked a loaded full suite there (seen in a backtrace), and with file bodies
        /// run too, other URLSession cases of the suite stalled. Run alone, these bodies arrive
        /// whole (chunked); the tools' uploads over URLSession run in their own processes
        /// (`URLSessionToolEndToEndTests`).
        case streamedRequestBody
        /// Back-pressure on a streamed response: the transport does not suspend tasks there, as
        /// `URLSessionTask.suspend()` did not pause a transfer in progress (the whole 64 MiB
        /// arrived while the consumer slept), repeated bytes after `resume()`, and could crash
        /// the process (`URLSessionTransportBackPressureTests`).
        case suspendPausesTransfer
        /// Stopping an endless gzip bomb at the limit: after `cancel()`, FoundationNetworking went
        /// on decoding (the case did not end within 40 s).
        case cancelDuringDecompression
    }

    /// Whether a streamed request body of known length goes chunked: FoundationNetworking frames
    /// every `httpBodyStream` chunked (it would send a `Content-Length` field beside it, which
    /// servers refuse, so `URLSessionTransport` leaves that out there).
    var framesStreamedBodiesChunked: Bool {
        #if canImport(FoundationNetworking)
        return self == .urlSession
        #else
        return false
        #endif
    }

    /// Whether this transport skips a case for `gap` here, and says so on standard error.
    func skips(_ gap: LinuxGap) -> Bool {
        #if canImport(FoundationNetworking)
        if self == .urlSession {
            print("skipped for URLSession on Linux (FoundationNetworking): \(gap.rawValue)")
            return true
        }
        #endif
        return false
    }
}
