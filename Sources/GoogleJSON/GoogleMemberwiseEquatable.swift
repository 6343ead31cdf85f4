// MARK: - GoogleMemberwiseEquatable

/// `Equatable` for generated types, member by member, with nothing generated for it: `==`
/// runs each value's `encode(to:)` through a recording encoder (the members it writes through
/// `GoogleJSONMemberWriter`, by key position, are kept as they are rather than encoded) and
/// compares the members with their own `==`. Two values are equal when they set the same members
/// to equal values, as with a synthesized `==` over optional members (`Double.nan` is unequal
/// to itself here too). Whatever a conformance encodes otherwise is compared as JSON.
///
/// Why not a `static func ==` in each type: every operator declaration joins the overloads the
/// type checker weighs for each `==` it meets, and thousands of them (compute v1 has over two
/// thousand types) made type-checking a generated module take two and a half times as long.
/// The synthesized conformance, the other choice, inlines and specializes every member's `==`,
/// about a sixth of a generated module's optimized code; a comparison per member spelled out in
/// each type was a line per member to build and to read. `==` on API values is no hot path:
/// this costs two small allocations per value compared.
public protocol GoogleMemberwiseEquatable: Equatable, Encodable {}

extension GoogleMemberwiseEquatable {
    /// Equal when every member is.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        GoogleJSONMemberRecorder.equal(lhs, rhs)
    }
}

// MARK: - GoogleJSONModel

/// What a generated schema struct is: `Codable`, `Sendable`, compared member by member
/// (``GoogleMemberwiseEquatable``) and decoded member by member (``GoogleJSONObjectDecodable``).
/// One name for the four, so each of a module's hundreds of structs declares one conformance.
public protocol GoogleJSONModel: Codable, Sendable, GoogleMemberwiseEquatable, GoogleJSONObjectDecodable {}
