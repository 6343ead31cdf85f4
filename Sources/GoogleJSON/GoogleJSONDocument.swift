public import Foundation

// MARK: - GoogleJSONDocument

/// A parsed JSON document that can be decoded and asked where its values are, for tools that
/// report problems by position (the codegen's `file:line:` diagnostics).
///
/// Not `Sendable`: decoding updates lookup hints inside the parsed tape. Use one per task.
public struct GoogleJSONDocument {
    let tape: JSONTape

    /// Parses UTF-8 JSON (a leading byte order mark is skipped; offsets still count it).
    /// - Parameters:
    ///   - data: The document.
    ///   - maxDepth: The nesting limit.
    /// - Throws: ``GoogleJSONDecodingError`` of kind `.syntax` or `.tooDeep`.
    public init(parsing data: Data, maxDepth: Int = 512) throws(GoogleJSONDecodingError) {
        tape = try GoogleJSONParser.parse(data, maxDepth: maxDepth)
    }

    /// Decodes a `T` from the whole document.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: Supplies `userInfo` (and the fast path for ``GoogleJSONFastDecodable`` types).
    /// - Throws: ``GoogleJSONDecodingError`` naming the JSON path.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: GoogleJSONDecoder = GoogleJSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: tape)
    }

    // MARK: - Locations

    /// A value in this document.
    public struct Location: Sendable, Hashable {
        let index: Int
    }

    /// The top-level value.
    public var root: Location { Location(index: 0) }

    /// The value of `key` in the object at `location`; `nil` when it is not an object or has no
    /// such key.
    public func member(_ key: String, of location: Location) -> Location? {
        guard tape.tokens[location.index].kind == .object else { return nil }
        var child = location.index + 1
        let end = Int(tape.tokens[location.index].end)
        while child < end {
            if tape.keyText(at: child) == key { return Location(index: child + 1) }
            child = Int(tape.tokens[child + 1].end)
        }
        return nil
    }

    /// The offset of the value's first byte in the input.
    public func byteOffset(of location: Location) -> Int {
        Int(tape.tokens[location.index].start)
    }

    /// The 1-based line of `byteOffset` in the input.
    public func line(ofByteOffset byteOffset: Int) -> Int {
        lineNumber(ofByteOffset: byteOffset, in: UnsafeRawBufferPointer(start: tape.bytes, count: tape.byteCount))
    }
}

// MARK: - Lines of errors

extension GoogleJSONDecodingError {
    /// The 1-based line of ``byteOffset`` in `data`, the input that failed.
    public func line(in data: Data) -> Int {
        data.withUnsafeBytes { lineNumber(ofByteOffset: byteOffset, in: $0) }
    }
}

private func lineNumber(ofByteOffset byteOffset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
    1 + bytes.prefix(max(0, byteOffset)).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
}
