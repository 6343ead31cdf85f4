// MARK: - GoogleJSONEquality

/// What generated types' `==` and `hash(into:)` compare and hash each member with.
@_spi(Generated)
public enum GoogleJSONEquality {
    /// Whether two members are equal.
    /// A call rather than `==` inlined and specialized for every member of every type (the
    /// synthesized `Equatable` was a sixth of a generated module's optimized code); `==` on
    /// API values is no hot path.
    /// - Parameters:
    ///   - lhs: A member of one value.
    ///   - rhs: The same member of the other.
    public static func equal<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
        lhs == rhs
    }

    /// Feeds `value` to `hasher`: what a generated type's `hash(into:)` calls for each member,
    /// for the same reason as ``equal(_:_:)``.
    /// - Parameters:
    ///   - value: A member.
    ///   - hasher: The hasher.
    public static func combine<T: Hashable>(_ value: T, into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
