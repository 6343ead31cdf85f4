// MARK: - GoogleJSONObjectDecodable

/// A generated struct decoded member by member: it provides an empty value and a method that
/// decodes an object's members into `self`, and this protocol's extension provides both of
/// ``GoogleJSONFastDecodable``'s initializers from them.
///
/// Why here and not in each generated type: the two initializers were the same dozen lines in
/// every struct of a generated module. As `@inlinable` defaults they are specialized for each
/// type in the generated module, so decoding runs the same code as when each type spelled them.
public protocol GoogleJSONObjectDecodable: GoogleJSONFastDecodable {
    /// A value with every member absent (`nil`): what decoding starts from. Not the memberwise
    /// `init()`, whose many (nil) parameters compiled to a copy of the whole struct.
    @_spi(Generated) init(googleJSONEmpty: Void)

    /// Decodes the members of the object `json` refers to into `self`.
    /// - Parameter json: An object in a document being decoded.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated) mutating func googleJSONDecodeMembers(_ json: GoogleJSONValueRef) throws
}

extension GoogleJSONObjectDecodable {
    /// The empty value with the members of `json` decoded into it.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated) @inlinable
    public init(googleJSON json: GoogleJSONValueRef) throws {
        self.init(googleJSONEmpty: ())
        try googleJSONDecodeMembers(json)
    }

    /// Decodes the members straight into `target`, the slot of an array being built: any
    /// initializer that returns the (for Drive's `File`, 1.4 KB) struct got it built in a
    /// temporary, copied (retaining every member), destroyed and moved again, which cost more
    /// than matching and decoding all of its members.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path; `target` is then uninitialized.
    @_spi(Generated) @inlinable
    public static func googleJSONInitialize(_ target: UnsafeMutablePointer<Self>, from json: GoogleJSONValueRef) throws {
        target.initialize(to: Self(googleJSONEmpty: ()))
        do { try target.pointee.googleJSONDecodeMembers(json) } catch {
            target.deinitialize(count: 1)
            throw error
        }
    }
}
