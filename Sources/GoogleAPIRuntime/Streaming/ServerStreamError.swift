public import Foundation
import GoogleBase

// MARK: - ServerStreamError

/// A server-streaming response that cannot be read as a sequence of elements: bytes that break
/// the framing, an element over the size limit, an element its type cannot decode, or a server
/// whose reconnections bring nothing new.
///
/// Match on ``code``, a growable set of values (a `switch` needs a `default`). Nothing after the
/// failing element is read: the connection is closed. ``excerpt`` shows what came instead,
/// truncated and with secrets masked, so a proxy's HTML page or a half-written element can be
/// told apart in a log.
public struct ServerStreamError: Error, Sendable, Hashable {
    /// What went wrong.
    public var code: Code
    public var framing: ServerStreamFraming
    /// Offset in the current response body where the problem starts (0 for
    /// ``Code/resumeWithoutProgress``).
    public var byteOffset: Int64
    /// What came, redacted and at most ``excerptLimit`` characters (empty for
    /// ``Code/resumeWithoutProgress``).
    public var excerpt: String
    /// More detail (the expected bytes, the limit, the decoder's message, what the reconnections
    /// brought).
    public var detail: String
    /// How many reconnections in a row brought no new element (``Code/resumeWithoutProgress``).
    public var reconnections: Int?

    /// Longest ``excerpt``.
    public static let excerptLimit = 80

    /// An error with `code` and the fields it needs.
    public init(
        code: Code, framing: ServerStreamFraming, byteOffset: Int64 = 0, excerpt: String = "", detail: String,
        reconnections: Int? = nil
    ) {
        self.code = code
        self.framing = framing
        self.byteOffset = byteOffset
        self.excerpt = excerpt
        self.detail = detail
        self.reconnections = reconnections
    }

    /// An error whose excerpt is made from `bytes` (redacted, single line, truncated).
    init(code: Code, framing: ServerStreamFraming, byteOffset: Int64, bytes: some Collection<UInt8>, detail: String) {
        let prefix = Data(bytes.prefix(512))
        self.init(
            code: code, framing: framing, byteOffset: byteOffset,
            excerpt: SecretRedactor.excerpt(of: prefix, maxLength: Self.excerptLimit), detail: detail)
    }
}

// MARK: - Code

extension ServerStreamError {
    /// What went wrong. New codes may appear in later releases, so a `switch` needs a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Bytes that the framing does not allow where they stand (e.g. text instead of `,` or `]`
        /// between elements, or an SSE line that is no known field).
        public static let malformedFraming = Code(rawValue: "malformedFraming")
        /// One element is larger than ``ServerStreamOptions/maxElementBytes``.
        public static let elementTooLarge = Code(rawValue: "elementTooLarge")
        /// A complete element is not what the element type describes.
        public static let undecodableElement = Code(rawValue: "undecodableElement")
        /// The stream was resumed with its last token as often as the retry policy allows, and no
        /// reconnection brought a new element: the server sent again elements already delivered
        /// (it ignores the resume token, or answers it with the same token), or closed the stream
        /// at once. Reconnecting further would loop without end.
        public static let resumeWithoutProgress = Code(rawValue: "resumeWithoutProgress")

        /// Lets a code stand for the errors that have it: `case .elementTooLarge:` in a `switch`
        /// over a ``ServerStreamError``.
        public static func ~= (pattern: Code, value: ServerStreamError) -> Bool { value.code == pattern }

        /// Lets a code stand for the errors that have it in a `catch`:
        /// `catch ServerStreamError.Code.resumeWithoutProgress`.
        public static func ~= (pattern: Code, value: any Error) -> Bool { (value as? ServerStreamError)?.code == pattern }
    }
}

// MARK: - CustomStringConvertible

extension ServerStreamError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch code {
        case .resumeWithoutProgress:
            return "stream resumed without progress (\(framing.rawValue), \(reconnections ?? 0) reconnections): \(detail)"
        default:
            let what =
                switch code {
                case .malformedFraming: "malformed stream"
                case .elementTooLarge: "stream element too large"
                case .undecodableElement: "undecodable stream element"
                default: "stream error \(code)"
                }
            return "\(what) (\(framing.rawValue), byte \(byteOffset)): \(detail); found: \(excerpt)"
        }
    }

    public var errorDescription: String? { description }
}
