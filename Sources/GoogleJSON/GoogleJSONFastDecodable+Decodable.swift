import Foundation

// MARK: - Decodable through the fast path

extension GoogleJSONFastDecodable {
    /// `Decodable` by way of `init(googleJSON:)`, so a type needs only that one decoder
    /// (generated schema types declare no `init(from:)` of their own).
    ///
    /// Under ``GoogleJSONDecoder`` — also for a value inside another `Decodable` type — it reads
    /// the decoder's token tape directly. Under any other decoder (Foundation's `JSONDecoder`, …)
    /// the value is read generically (integers kept exact), written as JSON and decoded from
    /// that, so the result is the same whichever decoder a caller uses.
    /// - Throws: ``GoogleJSONDecodingError`` under ``GoogleJSONDecoder`` (kind `missingDecoder` for
    ///   a type that implements neither initializer); under other decoders what they throw, or
    ///   `DecodingError.dataCorrupted` wrapping the ``GoogleJSONDecodingError``.
    public init(from decoder: any Decoder) throws {
        if let tapeDecoder = decoder as? JSONDecoderImpl {
            if let fallback = tapeDecoder.fallback, fallback.type == ObjectIdentifier(Self.self), fallback.index == tapeDecoder.index {
                // Sent here by the default `init(googleJSON:)` for this very value: neither
                // decoder is implemented, and calling it again would never end.
                throw tapeDecoder.tape.error(
                    .missingDecoder, at: tapeDecoder.index,
                    """
                    \(Self.self) conforms to GoogleJSONFastDecodable but implements neither init(from:) nor init(googleJSON:)
                    """)
            }
            self = try Self(googleJSON: GoogleJSONValueRef(tape: tapeDecoder.tape, index: tapeDecoder.index))
            return
        }
        let data = try GoogleJSONEncoder().encode(try ForeignJSON(from: decoder))
        do {
            self = try GoogleJSONDecoder().decode(Self.self, from: data)
        } catch let error as GoogleJSONDecodingError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }
}

// MARK: - ForeignJSON

/// A JSON value read through another decoder's containers, integers kept exact (``JSONValue``
/// holds numbers as `Double`, which would round an int64 sent as a number).
private enum ForeignJSON: Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([ForeignJSON])
    case object([String: ForeignJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ForeignJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ForeignJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
