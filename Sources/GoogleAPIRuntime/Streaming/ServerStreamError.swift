public import Foundation
import GoogleBase

// MARK: - ServerStreamError

/// A server-streaming response that cannot be read as a sequence of elements: bytes that break
/// the framing, an element over the size limit, or an element its type cannot decode.
///
/// Nothing after the failing element is read: the connection is closed. ``excerpt`` shows what
/// came instead, truncated and with secrets masked, so a proxy's HTML page or a half-written
/// element can be told apart in a log.
public struct ServerStreamError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// Bytes that the framing does not allow where they stand (e.g. text instead of `,` or `]`
        /// between elements, or an SSE line that is no known field).
        case malformedFraming
        /// One element is larger than ``ServerStreamOptions/maxElementBytes``.
        case elementTooLarge
        /// A complete element is not what the element type describes.
        case undecodableElement
    }

    public var kind: Kind
    public var framing: ServerStreamFraming
    /// Offset in the current response body where the problem starts.
    public var byteOffset: Int64
    /// What came, redacted and at most ``excerptLimit`` characters.
    public var excerpt: String
    /// More detail (the expected bytes, the limit, the decoder's message).
    public var detail: String

    /// Longest ``excerpt``.
    public static let excerptLimit = 80

    public init(kind: Kind, framing: ServerStreamFraming, byteOffset: Int64, excerpt: String, detail: String) {
        self.kind = kind
        self.framing = framing
        self.byteOffset = byteOffset
        self.excerpt = excerpt
        self.detail = detail
    }

    /// An error whose excerpt is made from `bytes` (redacted, single line, truncated).
    init(kind: Kind, framing: ServerStreamFraming, byteOffset: Int64, bytes: some Collection<UInt8>, detail: String) {
        let prefix = Data(bytes.prefix(512))
        self.init(
            kind: kind, framing: framing, byteOffset: byteOffset,
            excerpt: SecretRedactor.excerpt(of: prefix, maxLength: Self.excerptLimit), detail: detail)
    }
}

// MARK: - CustomStringConvertible

extension ServerStreamError: CustomStringConvertible, LocalizedError {
    public var description: String {
        let what = switch kind {
        case .malformedFraming: "malformed stream"
        case .elementTooLarge: "stream element too large"
        case .undecodableElement: "undecodable stream element"
        }
        return "\(what) (\(framing.rawValue), byte \(byteOffset)): \(detail); found: \(excerpt)"
    }

    public var errorDescription: String? { description }
}
