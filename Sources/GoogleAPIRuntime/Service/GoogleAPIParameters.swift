// MARK: - GoogleAPIParameters

/// What a generated method's parameters value (`Drive.FilesResource.ListParameters`) is:
/// `Sendable` and `Hashable`, compared and hashed member by member, as a synthesized conformance
/// would, with nothing generated for it.
///
/// Why not the synthesized conformance: it inlines and specializes every member's `==` and
/// `hash(into:)` into each parameters value, and YouTube's 83 of them were 6 % of the
/// GoogleYouTube module's release build (measured: 62.8 → 59.0 s of CPU). A parameters value is
/// compared or hashed rarely (a cache key, a SwiftUI identity), never per request, so these walk
/// the stored members with `Mirror` instead: slower per comparison, the same answers.
public protocol GoogleAPIParameters: Hashable, Sendable {}

extension GoogleAPIParameters {
    /// Equal when every stored member is (deprecated members included).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        let left = Mirror(reflecting: lhs).children
        let right = Mirror(reflecting: rhs).children
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { Self.member($0.value) == Self.member($1.value) }
    }

    /// Hashes every stored member, in declaration order.
    public func hash(into hasher: inout Hasher) {
        for child in Mirror(reflecting: self).children {
            hasher.combine(Self.member(child.value))
        }
    }

    /// A member as a hashable value. Every generated parameter type is `Hashable`; a member that
    /// is not (none is generated) is compared by its debug description rather than trapping.
    private static func member(_ value: Any) -> AnyHashable {
        (value as? AnyHashable) ?? AnyHashable(String(reflecting: value))
    }
}
