import Foundation

// MARK: - GoogleJSONFastDecodable

/// A type ``GoogleJSONDecoder`` can build straight from its parsed token tape, without the
/// `Decoder`/container machinery of `Codable` (boxes, existentials, coding keys).
///
/// Generated schema types implement only `init(googleJSON:)`: their `Decodable` conformance is
/// this protocol's default `init(from:)` (see `GoogleJSONFastDecodable+Decodable.swift`), which
/// reads this decoder's tape directly and serves other decoders through a generic JSON value, so
/// every decoder gets the same value from one generated decoder.
///
/// The requirements are hooks for generated code, behind `@_spi(Generated)` (generated files
/// `@_spi(Generated) import GoogleJSON`): they are not part of a generated type's public API, and
/// conforming needs the SPI. A conformance without them decodes through its own `init(from:)`;
/// one with neither initializer gets a `missingDecoder` error.
public protocol GoogleJSONFastDecodable: Decodable {
    /// Decodes the value `json` refers to.
    /// - Parameter json: A value in a document being decoded.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated) init(googleJSON json: GoogleJSONValueRef) throws

    /// Decodes the value `json` refers to into uninitialized memory, which is left
    /// uninitialized when this throws. Arrays build their elements this way; generated
    /// structs implement it to decode straight into `target` rather than returning a large
    /// value that the optimizer copies.
    /// - Parameters:
    ///   - target: Uninitialized memory for one value.
    ///   - json: A value in a document being decoded.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated) static func googleJSONInitialize(_ target: UnsafeMutablePointer<Self>, from json: GoogleJSONValueRef) throws
}

extension GoogleJSONFastDecodable {
    /// Decodes through the type's own `init(from:)`: a conformance (declared where the SPI is
    /// imported, as the requirement is SPI) that implements only `init(from:)`.
    ///
    /// When that `init(from:)` is this protocol's default too, which comes back here, the type
    /// has no decoder at all: the default sees the decoder this one made for the same type and
    /// value and throws ``GoogleJSONDecodingError/Kind-swift.struct/missingDecoder`` rather than
    /// recursing until the stack overflows.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated)
    public init(googleJSON json: GoogleJSONValueRef) throws {
        let decoder = JSONDecoderImpl(tape: json.tape, index: json.index, userInfo: [:])
        decoder.fallback = (ObjectIdentifier(Self.self), json.index)
        do {
            self = try decoder.unbox(Self.self, at: json.index)
        } catch let error as DecodingError {
            throw json.tape.translate(error)
        }
    }

    /// Initializes `target` with ``init(googleJSON:)``.
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    @_spi(Generated) @inlinable
    public static func googleJSONInitialize(_ target: UnsafeMutablePointer<Self>, from json: GoogleJSONValueRef) throws {
        target.initialize(to: try Self(googleJSON: json))
    }
}

// MARK: - GoogleJSONValueRef

/// One value inside a document being decoded by ``GoogleJSONDecoder``; only valid during the
/// `GoogleJSONFastDecodable/init(googleJSON:)` call it is passed to.
public struct GoogleJSONValueRef {
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @inlinable
    init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @usableFromInline
    var token: JSONToken {
        @inline(__always) get { tape.tokens[index] }
    }

    /// True for JSON `null`.
    @inlinable
    public var isNull: Bool { token.kind == .null }

    @usableFromInline
    func valueNotFound(_ type: Any.Type) -> GoogleJSONDecodingError {
        tape.error(.valueNotFound, at: index, "expected \(type), found null")
    }

    // MARK: - Values

    /// Decodes a nested value.
    /// - Throws: ``GoogleJSONDecodingError``.
    @_spi(Generated) @inlinable
    public func decode<T: GoogleJSONFastDecodable>(_ type: T.Type) throws -> T {
        // Inlinable (like the collection conformances) so generated code gets a specialized
        // `[File]` decode that builds each element in place, not one through generic witnesses.
        try T(googleJSON: self)
    }

    /// Decodes a string (the common case, without a generic call).
    /// - Throws: ``GoogleJSONDecodingError``.
    public func decode(_ type: String.Type) throws -> String {
        // One call per string member of generated code (not inlined: the fast path below, inlined
        // into every member, was a large share of a generated module's release build). A string
        // without escapes or non-ASCII bytes (the parser flags both) of up to 15 bytes is one allocation-free `String(decoding:)` of the input
        // bytes; a longer one may repeat an earlier value of the document, which the tape then
        // shares (`plainString`); everything else takes the validating path.
        let token = self.token
        if token.kind == .string, token.flags == 0 {
            if token.length < 16 {
                return String(decoding: UnsafeBufferPointer(start: tape.bytes + Int(token.start), count: Int(token.length)), as: UTF8.self)
            }
            return tape.plainString(token)
        }
        return try decodeString()
    }

    /// Null, non-strings, escapes and non-ASCII: ``decode(_:)-(String.Type)``'s slow path.
    @usableFromInline
    func decodeString() throws(GoogleJSONDecodingError) -> String {
        if isNull { throw valueNotFound(String.self) }
        return try tape.string(at: index)
    }

    /// Decodes a boolean.
    /// - Throws: ``GoogleJSONDecodingError``.
    @inlinable
    public func decode(_ type: Bool.Type) throws -> Bool {
        switch token.kind {
        case .true: return true
        case .false: return false
        default: throw notABoolean()
        }
    }

    @usableFromInline
    func notABoolean() -> GoogleJSONDecodingError {
        let kind = token.kind
        if kind == .null { return valueNotFound(Bool.self) }
        return tape.error(.typeMismatch, at: index, "expected a boolean, found \(kind)")
    }

    /// The members of an object, in document order. Keys not in `keys`, and members whose value
    /// is `null` (an absent optional), are skipped.
    /// - Parameter keys: The type's wire names.
    /// - Throws: ``GoogleJSONDecodingError`` when the value is not an object.
    @inlinable @inline(__always)
    public func members(_ keys: GoogleJSONKeyTable) throws -> GoogleJSONMembers {
        let token = self.token
        guard token.kind == .object else { throw notAnObject() }
        return GoogleJSONMembers(tape: tape, keys: keys, child: index + 1, end: Int(token.end))
    }

    @usableFromInline
    func notAnObject() -> GoogleJSONDecodingError {
        tape.error(.typeMismatch, at: index, "expected an object, found \(token.kind)")
    }

    /// The value of the member `members` (iterating this object) stands on: what generated
    /// code decodes after ``GoogleJSONMembers/nextKey()``. Taken from `self`, the caller's
    /// borrowed parameter, rather than from `members.value`: `members` changes as it iterates,
    /// so a value taken from it had to retain the document for each member decoded.
    @inlinable
    public subscript(members: GoogleJSONMembers) -> GoogleJSONValueRef {
        @inline(__always) get {
            // A mix-up of two documents is a programming error, not bad input. Checked with a
            // call rather than `precondition`, whose message would be inlined into every member
            // of every generated type (a tenth of their optimized code).
            if members.tape !== tape { Self.membersOfAnotherDocument() }
            return GoogleJSONValueRef(tape: tape, index: members.valueIndex)
        }
    }

    @usableFromInline
    static func membersOfAnotherDocument() -> Never {
        preconditionFailure("members of another document")
    }

    /// The first element's token index, the index past the last one and the element count.
    /// - Throws: ``GoogleJSONDecodingError`` when the value is not an array.
    @usableFromInline
    func arrayElements(_ type: Any.Type) throws(GoogleJSONDecodingError) -> (first: Int, end: Int, count: Int) {
        let token = self.token
        guard token.kind == .array else {
            if token.kind == .null { throw valueNotFound(type) }
            throw tape.error(.typeMismatch, at: index, "expected an array, found \(token.kind)")
        }
        return (index + 1, Int(token.end), Int(token.length))
    }

    /// The value at token `child` of this document.
    @usableFromInline
    func value(at child: Int) -> GoogleJSONValueRef { GoogleJSONValueRef(tape: tape, index: child) }

    /// The token index just past the value at `child` (its next sibling).
    @usableFromInline
    func end(of child: Int) -> Int { Int(tape.tokens[child].end) }

    /// An enum's wire value: a string, or the text of a boolean or number (like
    /// `GeneratedEnumDecoding`), so unknown and oddly typed values still decode.
    /// - Throws: ``GoogleJSONDecodingError`` for null, arrays and objects.
    public func enumRawValue() throws -> String {
        switch token.kind {
        case .string: return try tape.string(at: index)
        case .true: return "true"
        case .false: return "false"
        case .number:
            if let integer = try? tape.integer(Int64.self, at: index, allowString: false) { return String(integer) }
            return String(try tape.double(at: index))
        case .null: throw valueNotFound(String.self)
        case let kind: throw tape.error(.typeMismatch, at: index, "expected a string, found \(kind)")
        }
    }
}

// MARK: - GoogleJSONMembers

/// Iterates an object's known, non-null members; see ``GoogleJSONValueRef/members(_:)``.
public struct GoogleJSONMembers {
    /// The document, not retained: an iterator is made by ``GoogleJSONValueRef/members(_:)``
    /// inside an `init(googleJSON:)`, whose `json` holds the document for as long as it runs
    /// (and ``GoogleJSONDecoder`` for the whole decode), and like that value it is only valid
    /// during the call. A strong reference cost a retain and a release of the document for every
    /// object decoded (each of a page's files), the largest share of `swift_retain` in a profile.
    @usableFromInline unowned(unsafe) let tape: JSONTape
    @usableFromInline let keys: GoogleJSONKeyTable
    @usableFromInline var child: Int
    @usableFromInline let end: Int
    /// The table position of the last key returned (``GoogleJSONKeyTable/keyCount`` before the
    /// first), from which the table guesses the next.
    @usableFromInline var previous: Int
    /// The token of the value of the member ``nextKey()`` returned last.
    @usableFromInline var valueIndex: Int
    /// See ``nullMemberNames``.
    @usableFromInline var nulls: [String]?

    /// The wire names of the object's known members whose value was `null`, in order; `nil`
    /// when there were none. Filled only on the null path of ``nextKey()``, so an object
    /// without nulls costs nothing more than this word's initialization.
    @inlinable public var nullMemberNames: [String]? { nulls }

    // Inlinable so that, inlined into `members(_:)` and so into generated code, storing the
    // unretained document takes no retain of it to pass it in.
    @inlinable
    init(tape: JSONTape, keys: GoogleJSONKeyTable, child: Int, end: Int) {
        self.tape = tape
        self.keys = keys
        self.child = child
        self.end = end
        self.previous = keys.keyCount
        self.valueIndex = child
        self.nulls = nil
    }

    /// The next member: `key` is its position in the key table.
    /// - Throws: ``GoogleJSONDecodingError`` for a key with invalid escapes.
    @inlinable
    public mutating func next() throws -> (key: Int, value: GoogleJSONValueRef)? {
        guard let key = try nextKey() else { return nil }
        return (key, value)
    }

    /// The next member's position in the key table, or `nil` after the last; its value is
    /// `json[members]` (``GoogleJSONValueRef/subscript(_:)``, on the object being iterated).
    /// What generated code calls: unlike ``next()`` it hands out no value that holds the
    /// document, so decoding a member retains and releases nothing.
    /// - Throws: ``GoogleJSONDecodingError`` for a key with invalid escapes.
    @inlinable
    public mutating func nextKey() throws -> Int? {
        // The common case first, a few dozen instructions without the loop: a member whose value
        // is not null, whose key has no escapes, and which the key table guesses (the key that
        // followed the previous one last time: every member of a page's second and later
        // objects). Everything else is a call. Inlinable, so each generated module has its own
        // copy; the optimizer leaves it a call from the member loops, and forcing it inline
        // measured no faster.
        if child < end {
            let keyIndex = child
            let value = tape.tokens[keyIndex &+ 1]
            let key = tape.tokens[keyIndex]
            if value.kind != .null, key.flags == 0 {
                let position = keys.guessedPosition(
                    of: UnsafeRawPointer(tape.bytes + Int(key.start)), count: Int(key.length), after: previous)
                if position >= 0 {
                    child = Int(value.end)
                    previous = position
                    valueIndex = keyIndex &+ 1
                    return position
                }
            }
        }
        return try nextKeyLookingUp()
    }

    /// ``nextKey()`` past its inline case: null members, escaped keys, wrong guesses (a hash
    /// lookup) and unknown keys.
    /// - Throws: ``GoogleJSONDecodingError`` for a key with invalid escapes.
    @usableFromInline
    mutating func nextKeyLookingUp() throws -> Int? {
        let tokens = tape.tokens
        while child < end {
            let keyIndex = child
            let valueIndex = child &+ 1
            let value = tokens[valueIndex]
            child = Int(value.end)
            if value.kind == .null {
                try recordNull(keyIndex)
                continue
            }
            let key = tokens[keyIndex]
            let position =
                key.flags == 0
                ? keys.position(of: UnsafeRawPointer(tape.bytes + Int(key.start)), count: Int(key.length), after: previous)
                : try escapedKeyPosition(keyIndex)
            if position >= 0 {
                previous = position
                self.valueIndex = valueIndex
                return position
            }
        }
        return nil
    }

    /// The value of the member ``nextKey()`` returned last (generated code uses
    /// `json[members]` instead, which retains nothing).
    @inlinable
    var value: GoogleJSONValueRef {
        @inline(__always) get { GoogleJSONValueRef(tape: tape, index: valueIndex) }
    }

    /// Notes a known member whose value is `null` (a null member decodes as absent; this keeps
    /// that it was sent, for ``nullMemberNames``). Not inlined: the loop stays as small as
    /// before for the objects without nulls that almost every answer is made of.
    /// - Throws: ``GoogleJSONDecodingError`` for a key with invalid escapes.
    @inline(never)
    mutating func recordNull(_ keyIndex: Int) throws {
        let key = tape.tokens[keyIndex]
        let position =
            key.flags == 0
            ? keys.position(of: UnsafeRawPointer(tape.bytes + Int(key.start)), count: Int(key.length), after: previous)
            : try escapedKeyPosition(keyIndex)
        guard position >= 0 else { return }
        let name = keys.key(at: position)
        if nulls == nil { nulls = [name] } else { nulls?.append(name) }
    }

    /// The table position of a key written with escapes or non-ASCII bytes; -1 when absent.
    @usableFromInline
    func escapedKeyPosition(_ keyIndex: Int) throws(GoogleJSONDecodingError) -> Int {
        var text = try tape.string(at: keyIndex)
        return text.withUTF8 { keys.index(of: UnsafeRawBufferPointer($0)) } ?? -1
    }
}

// MARK: - Entry point

extension GoogleJSONDecoder {
    /// The fast path for a `T` that is ``GoogleJSONFastDecodable``; `nil` for other types.
    func fastDecode<T>(_ type: T.Type, from tape: JSONTape) throws -> T? {
        guard let fast = T.self as? any GoogleJSONFastDecodable.Type else { return nil }
        func open<F: GoogleJSONFastDecodable>(_ fastType: F.Type) throws -> T? {
            try F(googleJSON: GoogleJSONValueRef(tape: tape, index: 0)) as? T
        }
        return try open(fast)
    }
}
