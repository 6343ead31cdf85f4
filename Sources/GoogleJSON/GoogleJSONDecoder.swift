public import Foundation

// MARK: - GoogleJSONDecoder

/// A fast `Decodable` JSON decoder for Google API responses.
///
/// The input is parsed once into a compact token tape (strings and numbers are located, not
/// converted), and a `Decoder` walks the tape. Object keys are matched by comparing UTF-8 bytes,
/// starting where the previous lookup ended because generated types read keys in document order.
/// Discovery formats (`GoogleInt64`, `GoogleDate`, ...) are decoded straight from the bytes.
///
/// Errors are ``GoogleJSONDecodingError`` values naming the JSON path and byte offset.
public struct GoogleJSONDecoder: Sendable {
    /// Inputs nested deeper than this are rejected instead of exhausting the stack.
    public var maxDepth: Int
    public var userInfo: [CodingUserInfoKey: any Sendable]
    /// Decode ``GoogleJSONFastDecodable`` types without `Codable` (default `true`). The result is
    /// the same either way; `false` exists only so the package's tests and benchmark can compare
    /// the two paths, which is why it is an SPI (`@_spi(Benchmarking)`) rather than public API.
    @_spi(Benchmarking) public var usesFastPath = true

    public init(maxDepth: Int = 512, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.maxDepth = maxDepth
        self.userInfo = userInfo
    }

    /// Decodes a `T` from JSON.
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: UTF-8 JSON.
    /// - Throws: ``GoogleJSONDecodingError``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let tape = try data.withUnsafeBytes { raw throws(GoogleJSONDecodingError) in
            try GoogleJSONParser.parse(raw, maxDepth: maxDepth)
        }
        return try decode(T.self, from: tape)
    }

    /// Decodes a `T` from the UTF-8 JSON in `bytes`.
    /// - Throws: ``GoogleJSONDecodingError``.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try decode(T.self, from: try GoogleJSONParser.parse(bytes, maxDepth: maxDepth))
    }

    func decode<T: Decodable>(_ type: T.Type, from tape: JSONTape) throws -> T {
        if usesFastPath, let value = try fastDecode(T.self, from: tape) { return value }
        let decoder = JSONDecoderImpl(tape: tape, index: 0, userInfo: userInfo)
        do {
            return try decoder.unbox(T.self, at: 0)
        } catch let error as GoogleJSONDecodingError {
            throw error
        } catch let error as DecodingError {
            throw tape.translate(error)
        }
    }
}

// MARK: - JSONValue parsing

extension JSONValue {
    /// Parses UTF-8 JSON into a value.
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - maxDepth: The nesting limit.
    /// - Throws: ``GoogleJSONDecodingError``.
    public init(parsing data: Data, maxDepth: Int = 512) throws {
        self = try GoogleJSONParser.parseValue(data, maxDepth: maxDepth)
    }
}

// MARK: - DecodingError translation

extension JSONTape {
    /// Turns an error thrown by a type's own `init(from:)` into one with a path and offset.
    func translate(_ error: DecodingError) -> GoogleJSONDecodingError {
        let (kind, context): (GoogleJSONDecodingError.Kind, DecodingError.Context) =
            switch error {
            case .typeMismatch(_, let context): (.typeMismatch, context)
            case .valueNotFound(_, let context): (.valueNotFound, context)
            case .keyNotFound(let key, let context):
                (.keyNotFound, DecodingError.Context(codingPath: context.codingPath + [key], debugDescription: context.debugDescription))
            case .dataCorrupted(let context): (.dataCorrupted, context)
            @unknown default: (.dataCorrupted, DecodingError.Context(codingPath: [], debugDescription: "\(error)"))
            }
        let index = tokenIndex(for: context.codingPath)
        return GoogleJSONDecodingError(
            kind: kind, path: JSONCodingKey.pathString(context.codingPath),
            byteOffset: index.map { Int(tokens[$0].start) } ?? 0, message: context.debugDescription)
    }

    /// Follows a coding path from the root; `nil` when it leaves the document.
    func tokenIndex(for path: [any CodingKey]) -> Int? {
        var current = 0
        for key in path {
            let token = tokens[current]
            var child = current + 1
            var position = 0
            var found: Int?
            while child < Int(token.end) {
                if token.kind == .object {
                    if (try? string(at: child)) == key.stringValue {
                        found = child + 1
                        break
                    }
                    child = Int(tokens[child + 1].end)
                } else if token.kind == .array {
                    if key.intValue == position {
                        found = child
                        break
                    }
                    child = Int(tokens[child].end)
                    position += 1
                } else {
                    break
                }
            }
            guard let found else { return current }
            current = found
        }
        return current
    }
}

// MARK: - JSONCodingKey

/// A coding key for paths the decoder builds itself (array indexes, dictionary keys).
struct JSONCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static func pathString(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { result, key in
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
    }
}
