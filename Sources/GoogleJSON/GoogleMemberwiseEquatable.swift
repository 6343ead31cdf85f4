// MARK: - GoogleMemberwiseEquatable

/// `Equatable` for generated types, member by member: the type implements
/// `googleMembersEqual(_:)` (comparing each member through a runtime call), and this
/// protocol's extension provides `==`.
///
/// Why not a `static func ==` in each type: every operator declaration joins the overloads the
/// type checker weighs for each `==` it meets, and thousands of them (compute v1 has over two
/// thousand types) made type-checking a generated module take two and a half times as long.
/// The synthesized conformance, the other choice, inlines and specializes every member's `==`,
/// about a sixth of a generated module's optimized code.
public protocol GoogleMemberwiseEquatable: Equatable {
    /// Whether every member of `self` equals that member of `other`.
    /// - Parameter other: The value to compare with.
    @_spi(Generated) func googleMembersEqual(_ other: Self) -> Bool
}

extension GoogleMemberwiseEquatable {
    /// Equal when every member is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.googleMembersEqual(rhs)
    }
}
