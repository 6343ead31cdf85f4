public import Foundation

// MARK: - Scalars
// Each mirrors what `GoogleJSONDecoder`'s Codable path does for the same type.

extension String: GoogleJSONFastDecodable {
    @inlinable
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self = try json.decode(String.self) }
}

extension Bool: GoogleJSONFastDecodable {
    @inlinable
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self = try json.decode(Bool.self) }
}

extension Int: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self = try json.tape.plainInteger(Int.self, at: json.index) }
}

extension Int32: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        self = try json.tape.plainInteger(Int32.self, at: json.index)
    }
}

extension UInt32: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        self = try json.tape.plainInteger(UInt32.self, at: json.index)
    }
}

extension Int64: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        self = try json.tape.plainInteger(Int64.self, at: json.index)
    }
}

extension UInt64: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        self = try json.tape.plainInteger(UInt64.self, at: json.index)
    }
}

extension Double: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        if json.isNull { throw json.valueNotFound(Double.self) }
        self = try json.tape.double(at: json.index, allowString: true)
    }
}

extension Float: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        let value = try Double(googleJSON: json)
        let narrowed = Float(value)
        guard narrowed.isFinite || !value.isFinite else {
            throw json.tape.error(.numberOutOfRange, at: json.index, "\(value) does not fit Float")
        }
        self = narrowed
    }
}

extension Date: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self = try json.tape.date(at: json.index) }
}

extension Data: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self = try json.tape.bytes(at: json.index) }
}

extension JSONValue: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self = try json.tape.jsonValue(at: json.index) }
}

// MARK: - Discovery formats

extension GoogleInt64: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        self.init(try json.tape.googleInteger(Int64.self, at: json.index))
    }
}

extension GoogleUInt64: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        self.init(try json.tape.googleInteger(UInt64.self, at: json.index))
    }
}

extension GoogleDate: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self.init(try json.tape.date(at: json.index)) }
}

extension GoogleBytes: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws { self.init(try json.tape.bytes(at: json.index)) }
}

// MARK: - Collections

extension Array: GoogleJSONFastDecodable where Element: GoogleJSONFastDecodable {
    @inlinable
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        let (first, end, count) = try json.arrayElements([Element].self)
        // Empty and one-element arrays (most repeated fields: `parents`, `owners`, `spaces`)
        // as literals: `init(unsafeUninitializedCapacity:)` looks the storage class's generic
        // metadata up at run time on every call, and costs twice a literal's allocation.
        if count == 0 {
            self = []
            return
        }
        if count == 1 {
            self = [try Element(googleJSON: json.value(at: first))]
            return
        }
        // Elements are built in place: `append` (or initializing from a returned value) would
        // copy each (large) element and destroy the temporary. Inlinable so the element type
        // is known where this is specialized.
        self = try Array(unsafeUninitializedCapacity: count) { buffer, initializedCount in
            guard let base = buffer.baseAddress else { return }
            var child = first
            while child < end, initializedCount < buffer.count {
                try Element.googleJSONInitialize(base + initializedCount, from: json.value(at: child))
                initializedCount += 1
                child = json.end(of: child)
            }
        }
    }
}

extension Dictionary: GoogleJSONFastDecodable where Key == String, Value: GoogleJSONFastDecodable {
    @_spi(Generated) public init(googleJSON json: GoogleJSONValueRef) throws {
        let tape = json.tape
        let token = tape.tokens[json.index]
        guard token.kind == .object else {
            if token.kind == .null { throw json.valueNotFound([String: Value].self) }
            throw tape.error(.typeMismatch, at: json.index, "expected an object, found \(token.kind)")
        }
        self = [:]
        reserveCapacity(Int(token.length))
        var child = json.index + 1
        let end = Int(token.end)
        while child < end {
            let key = try tape.string(at: child)
            self[key] = try Value(googleJSON: GoogleJSONValueRef(tape: tape, index: child + 1))
            child = Int(tape.tokens[child + 1].end)
        }
    }
}
