// MARK: - ServerStreamFraming

/// How a Google REST endpoint frames the elements of a server-streaming response.
public enum ServerStreamFraming: String, Sendable, Hashable, CaseIterable {
    /// One JSON array written incrementally: `[{…}`, then `,{…}` per element, then `]`, with any
    /// JSON whitespace (CRLF included) between. Google's default for server-streaming methods.
    case jsonArray
    /// Server-sent events (`alt=sse`): each element a `data: {…}` block ended by a blank line.
    case serverSentEvents

    /// The `alt` query value that asks for this framing, `nil` for the default.
    var altValue: String? {
        switch self {
        case .jsonArray: nil
        case .serverSentEvents: "sse"
        }
    }
}
