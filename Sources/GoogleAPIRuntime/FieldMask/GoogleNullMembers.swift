// MARK: - GoogleNullMembers

/// The members of a generated `Schema` value that are `null` on the wire rather than absent.
///
/// Every generated struct has one, `nullMembers`. In a request body it names the members to send
/// as `"member": null` — what clears a member in a PATCH or update — while every other `nil`
/// member is left out as before:
///
///     var changes = Drive.File()
///     changes.nullMembers = [.description]
///     _ = try await drive.files.update(fileId: id, body: changes)   // sends {"description":null}
///
/// A member named here that has a value is sent with its value. In a decoded answer it holds
/// the members the server sent as `null` (they decode as `nil`, like absent ones), for a caller
/// that needs to tell the two apart: `file.nullMembers.contains(.description)`.
///
/// Members are named with the schema's own selections (`.description`, `.scheduledEndTime`), so
/// a member the schema lacks does not compile. A selection inside a member (`.snippet([.title])`)
/// names no member of this value and is ignored: set `nullMembers` on the nested value instead
/// (`broadcast.snippet?.nullMembers = [.scheduledEndTime]`).
public struct GoogleNullMembers<Schema>: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The members' wire names.
    @inlinable public var wireNames: Set<String> { names ?? [] }

    /// `nil` for no member, never an empty set (so that synthesized equality holds): every
    /// decoded value starts with it and nearly all keep it, and `nil` costs no retain or release
    /// of the empty set's storage when a value is made, copied or destroyed (measured: the
    /// non-optional set made decoding a `files.list` page ~3 % slower).
    @usableFromInline var names: Set<String>?

    /// No member: what every generated value starts with. Inlinable, so that starting a decoded
    /// value with it is a store of `nil`, not a call.
    @inlinable
    public init() {
        names = nil
    }

    /// The members named by `names`, `nil` when there are none.
    private init(normalizing names: Set<String>) {
        self.names = names.isEmpty ? nil : names
    }

    /// The members `selections` name.
    /// - Parameter selections: Members of `Schema`, e.g. `[.description]`.
    public init(_ selections: [GoogleFieldSelection<Schema>]) {
        self.init(normalizing: Set(selections.compactMap(Self.wireName)))
    }

    /// The members the literal names.
    public init(arrayLiteral elements: GoogleFieldSelection<Schema>...) {
        self.init(elements)
    }

    /// The members with these wire names (what the decoder found `null`).
    /// - Parameter wireNames: Wire names of members of `Schema`.
    public init(wireNames: some Sequence<String>) {
        self.init(normalizing: Set(wireNames))
    }

    /// Whether no member is named.
    public var isEmpty: Bool { names?.isEmpty ?? true }

    /// Whether `member` is named.
    /// - Parameter member: A member of `Schema`, e.g. `.description`.
    public func contains(_ member: GoogleFieldSelection<Schema>) -> Bool {
        Self.wireName(member).map { names?.contains($0) ?? false } ?? false
    }

    /// Names `member` too.
    /// - Parameter member: A member of `Schema`, e.g. `.description`.
    public mutating func insert(_ member: GoogleFieldSelection<Schema>) {
        if let name = Self.wireName(member) { names = (names ?? []).union([name]) }
    }

    /// Stops naming `member`.
    /// - Parameter member: A member of `Schema`, e.g. `.description`.
    public mutating func remove(_ member: GoogleFieldSelection<Schema>) {
        guard let name = Self.wireName(member), var remaining = names else { return }
        remaining.remove(name)
        self = Self(normalizing: remaining)
    }

    /// The wire names, sorted and comma-separated.
    public var description: String { (names ?? []).sorted().joined(separator: ",") }

    /// A selection's member name when it selects a whole member of this schema; `nil` for a
    /// selection inside one (`snippet(title)`, `snippet/title`).
    private static func wireName(_ selection: GoogleFieldSelection<Schema>) -> String? {
        selection.text.contains(where: { $0 == "(" || $0 == "/" }) ? nil : selection.text
    }
}

// MARK: - Decoding

extension GoogleJSONMembers {
    /// Stores the members this object had as `null` in `nulls` (generated decoders call it after
    /// their member loop); leaves it alone, with one check, when there were none.
    /// - Parameter nulls: The decoded value's ``GoogleNullMembers``.
    @_spi(Generated) @inlinable
    public func decodeNulls<Schema>(into nulls: inout GoogleNullMembers<Schema>) {
        if let names = nullMemberNames { nulls = GoogleNullMembers(wireNames: names) }
    }
}
