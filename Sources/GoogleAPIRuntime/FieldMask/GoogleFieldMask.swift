// MARK: - GoogleFieldMask

/// A partial-response field mask (the `fields` parameter) for responses of type `Response`:
/// the members the server returns, everything else left out.
///
/// Built from the generated types, the compiler checks every member and fills in the wire
/// names; nested selections reach into objects and arrays of objects:
///
///     let page = try await drive.files.list(pageSize: 10, fields: [.nextPageToken, .files([.id, .name, .owners([.emailAddress])])])
///     // sends fields=nextPageToken,files(id,name,owners(emailAddress))
///
/// A string literal says what the types can't (a map key, `*`): `fields: "files(id,appProperties/color)"`;
/// a string known only at run time goes through ``init(parsing:)``, which checks the syntax.
/// ``description`` prints the mask in Google's syntax, and parsing that text gives the same mask.
///
/// Page sequences (`listPages`) and feeds add the members they read to a mask that leaves them
/// out (`nextPageToken`), so a mask never ends a sequence early.
public struct GoogleFieldMask<Response>: Sendable, Hashable, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The mask in Google's syntax, e.g. `nextPageToken,files(id,name)`.
    public let description: String

    /// The mask selecting `selections`, in order.
    /// - Parameter selections: Members of `Response`, each with its own nested selection.
    public init(_ selections: [GoogleFieldSelection<Response>]) {
        description = selections.map(\.text).joined(separator: ",")
    }

    /// The mask selecting `elements`, in order.
    public init(arrayLiteral elements: GoogleFieldSelection<Response>...) {
        self.init(elements)
    }

    /// A mask written in Google's syntax, for what the generated members can't say (a map's
    /// key, `*`). A literal is not checked until the server reads it; ``init(parsing:)`` checks.
    public init(stringLiteral value: String) {
        description = value
    }

    /// A mask written in Google's syntax, read at run time: members separated by `,`, nested
    /// selections in parentheses (`files(id,name)`), paths with `/` (`capabilities/canEdit`).
    /// - Parameter text: The mask, e.g. `nextPageToken,files(id,name)`.
    /// - Throws: ``GoogleAPIClientError`` with code ``GoogleAPIClientError/Code/invalidFieldMask``
    ///   when the text is empty or a name, a comma or a parenthesis is out of place.
    // Untyped `throws` on purpose: with `throws(GoogleAPIClientError)` a caller's `catch` led
    // Swift 6.3.1 into a compiler crash ("Found outside of lifetime use?!"); match the error
    // with `catch let error as GoogleAPIClientError`.
    public init(parsing text: String) throws {
        description = try GoogleFieldMaskSyntax.canonical(text)
    }

    init(text: String) {
        description = text
    }

    /// This mask with `members` added at the top level when it does not name them (or `*`):
    /// what a page sequence or feed needs to go on, whatever the caller selected.
    /// - Parameter members: Top-level wire names, e.g. `["nextPageToken"]`.
    public func including(topLevel members: [String]) -> GoogleFieldMask {
        GoogleFieldMask(text: GoogleFieldMaskSyntax.adding(members, to: description))
    }
}
