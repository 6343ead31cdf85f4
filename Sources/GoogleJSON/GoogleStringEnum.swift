// MARK: - GoogleStringEnum

/// A generated enum: known cases plus `unrecognized(String)`, equal and hashed by its wire
/// value, so `.unrecognized("live")` equals `.live`.
///
/// `==` and `hash(into:)` come from this protocol's extension rather than from each enum (the
/// synthesized ones compiled a `switch` over every case twice; a `static func ==` per enum
/// made every `==` in the module slower to type-check).
public protocol GoogleStringEnum: Hashable {
    /// The wire value.
    var rawValue: String { get }
}

extension GoogleStringEnum {
    /// Equal when the wire values are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the wire value.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}
