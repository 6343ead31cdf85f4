public import Foundation

// MARK: - Scalar members

/// What generated member loops call for a member of a scalar type: the value that
/// ``GoogleJSONMembers/nextKey()`` stopped on, decoded straight into the member's storage.
///
/// One plain call per member, each a method of its own rather than an overload (overloads make
/// the type checker try each): the caller neither builds a value reference nor releases the old
/// value nor stores the new one, so each member of each generated type is a few instructions to
/// compile. The value is `json[self]`, made from the caller's borrowed `json` rather than from
/// this iterator's own reference to the document, which a `mutating` method had to retain and
/// release around each member; the formats and fixed-width integers read the tape through `json`
/// directly (`valueIndex(in:)`), as building a value reference to pass to an initializer
/// retained and released the document once more per member (an initializer takes its argument
/// owned): 3 % of a `drive.files.list` page's decode in a profile, in the two dates and the size
/// of every file. Nested objects, arrays, maps and enums still go through
/// ``GoogleJSONValueRef/decode(_:)-(T.Type)``, whose specialization builds array elements in place.
extension GoogleJSONMembers {
    /// Decodes the current member's string into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeString(into member: inout String?, of json: GoogleJSONValueRef) throws {
        member = try json[self].decode(String.self)
    }

    /// Decodes the current member's `int32` number into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeInt32(into member: inout Int32?, of json: GoogleJSONValueRef) throws {
        member = try json.tape.plainInteger(Int32.self, at: valueIndex(in: json))
    }

    /// Decodes the current member's `uint32` number into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeUInt32(into member: inout UInt32?, of json: GoogleJSONValueRef) throws {
        member = try json.tape.plainInteger(UInt32.self, at: valueIndex(in: json))
    }

    /// Decodes the current member's number into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeDouble(into member: inout Double?, of json: GoogleJSONValueRef) throws {
        member = try Double(googleJSON: json[self])
    }

    /// Decodes the current member's `float` number into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeFloat(into member: inout Float?, of json: GoogleJSONValueRef) throws {
        member = try Float(googleJSON: json[self])
    }

    /// Decodes the current member, an `int64` (a decimal string on the wire), into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeGoogleInt64(into member: inout Int64?, of json: GoogleJSONValueRef) throws {
        member = try json.tape.googleInteger(Int64.self, at: valueIndex(in: json))
    }

    /// Decodes the current member, a `uint64` (a decimal string on the wire), into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeGoogleUInt64(into member: inout UInt64?, of json: GoogleJSONValueRef) throws {
        member = try json.tape.googleInteger(UInt64.self, at: valueIndex(in: json))
    }

    /// Decodes the current member, a `date-time` or `google-datetime` (RFC 3339), into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeGoogleDate(into member: inout Date?, of json: GoogleJSONValueRef) throws {
        member = try json.tape.date(at: valueIndex(in: json))
    }

    /// Decodes the current member, `byte` data (base64 on the wire), into `member`.
    /// - Parameters:
    ///   - member: The member's storage.
    ///   - json: The object being iterated.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public mutating func decodeGoogleBytes(into member: inout Data?, of json: GoogleJSONValueRef) throws {
        member = try json.tape.bytes(at: valueIndex(in: json))
    }

    /// The token index of the current member's value, in `json`'s document, which must be the one
    /// this iterator walks (as ``GoogleJSONValueRef/subscript(_:)`` checks).
    @inline(__always)
    func valueIndex(in json: GoogleJSONValueRef) -> Int {
        if tape !== json.tape { GoogleJSONValueRef.membersOfAnotherDocument() }
        return valueIndex
    }
}
