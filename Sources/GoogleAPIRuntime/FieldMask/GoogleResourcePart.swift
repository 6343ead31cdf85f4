// MARK: - GoogleResourcePart

/// One part of a `Resource` for YouTube's `part` parameter: a top-level member the request
/// sets or the answer includes (`snippet`, `status`, …).
///
/// Generated modules declare one static member per top-level member of the resource, so a
/// wrong part does not compile:
///
///     let broadcasts = try await youtube.liveBroadcasts.list(part: [.id, .snippet, .status], mine: true)
///
/// A string literal names a part the types don't (`part: ["snippet", "status"]`);
/// ``init(_:)`` takes one known only at run time.
public struct GoogleResourcePart<Resource>: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible,
    APIParameterValue
{
    /// The part's wire name, e.g. `snippet`.
    public let name: String

    /// The part named `name` (its wire name).
    public init(_ name: String) {
        self.name = name
    }

    /// The part named by the literal.
    public init(stringLiteral value: String) {
        name = value
    }

    public var description: String { name }

    public var apiParameterString: String { name }
}
