// MARK: - GoogleFieldSelection

/// One member of a ``GoogleFieldMask`` over `Schema`, with what is selected inside it.
///
/// Generated modules declare one static member per schema member, so a selection is written
/// `.id`, `.owners([.emailAddress])` (an object or an array of objects, selecting inside each),
/// or `.thumbnails(key: "default", [.url])` (one entry of a map, and what is inside it).
public struct GoogleFieldSelection<Schema>: Sendable, Hashable {
    /// The member in Google's syntax, e.g. `owners(emailAddress)`.
    public let text: String

    // The initializers are for generated code, whose selection members are emitted into the
    // caller (so the generated module compiles none of them): public, since such code cannot
    // use SPI, and underscored, out of the documented API. Not inlinable: each of the thousands
    // of members then only calls them, instead of the optimizer specializing and inlining them
    // into every member of a release build.

    /// The whole member `wireName`.
    public init(_member wireName: String) {
        text = wireName
    }

    /// The member `wireName` with only `selections` inside it (all of it when empty).
    public init<Member>(_member wireName: String, _ selections: [GoogleFieldSelection<Member>]) {
        text = selections.isEmpty ? wireName : wireName + "(" + selections.map(\.text).joined(separator: ",") + ")"
    }

    /// The entry `key` of the map member `wireName`, with only `selections` inside it (all of
    /// it when empty): `wireName(key(selections))`.
    public init<Member>(_member wireName: String, key: String, _ selections: [GoogleFieldSelection<Member>]) {
        text = wireName + "(" + GoogleFieldSelection<Member>(_member: key, selections).text + ")"
    }

    /// The entry `key` of the map member `wireName`: `wireName(key)`.
    public init(_member wireName: String, key: String) {
        text = wireName + "(" + key + ")"
    }
}
