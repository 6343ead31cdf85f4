// MARK: - JSONToken

/// One parsed JSON value. Containers are followed by their children (objects alternate key and
/// value tokens); `end` is the index just past the subtree, so any value can be skipped in O(1).
@usableFromInline
struct JSONToken {
    @usableFromInline
    enum Kind: UInt8 {
        case null, `true`, `false`, number, string, array, object
    }

    @usableFromInline static let hasEscapes: UInt8 = 1
    @usableFromInline static let hasNonASCII: UInt8 = 2
    @usableFromInline static let isInteger: UInt8 = 4

    @usableFromInline var kind: Kind
    @usableFromInline var flags: UInt8
    /// Byte offset of the value (for strings, just after the opening quote).
    @usableFromInline var start: UInt32
    /// Byte length of a string's content or a number; element count of a container.
    @usableFromInline var length: UInt32
    /// Index of the token after this value's subtree.
    @usableFromInline var end: UInt32
    /// For objects: the key token to try first on the next lookup (keys are usually read in order).
    @usableFromInline var hint: UInt32
}

// MARK: - JSONTape

/// A parsed document: a private copy of the input bytes and the token array, both owned here.
///
/// Every stored property is a `let`: generated code inlines reads of them (through
/// `GoogleJSONValueRef`), and a `let` needs no dynamic exclusivity check there. The tokens'
/// memory itself is mutable (the Codable path updates objects' lookup hints).
@usableFromInline
final class JSONTape {
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    @usableFromInline let byteCount: Int
    @usableFromInline let tokens: UnsafeMutablePointer<JSONToken>
    @usableFromInline let tokenCount: Int
    /// Long strings already made from this document, to share repeated values.
    let strings: JSONStringCache

    /// Takes ownership of `bytes` (`byteCount` bytes plus padding) and of `tokens`.
    init(bytes: UnsafeMutablePointer<UInt8>, byteCount: Int, tokens: UnsafeMutablePointer<JSONToken>, tokenCount: Int) {
        self.bytes = bytes
        self.byteCount = byteCount
        self.tokens = tokens
        self.tokenCount = tokenCount
        self.strings = JSONStringCache(documentLength: byteCount)
    }

    /// A copy of `input` plus zero padding (so word-sized reads near the end stay in bounds),
    /// for a tape to own.
    static func copyBytes(_ input: UnsafeRawBufferPointer) -> UnsafeMutablePointer<UInt8> {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: input.count + 8)
        if let base = input.baseAddress {
            bytes.initialize(from: base.assumingMemoryBound(to: UInt8.self), count: input.count)
        }
        (bytes + input.count).initialize(repeating: 0, count: 8)
        return bytes
    }

    deinit {
        bytes.deallocate()
        tokens.deallocate()
        strings.deallocate()
    }

    // MARK: - Paths

    /// `error` with the path of the end of this (partial) tape: where a syntax error stopped.
    func locate(_ error: GoogleJSONDecodingError) -> GoogleJSONDecodingError {
        var located = error
        located.path = path(to: tokenCount)
        return located
    }

    /// The path of the value at `target`, like `files[3].size`. Works on partial tapes too (after
    /// a syntax error), where unfinished containers have `end == 0`.
    func path(to target: Int) -> String {
        components(to: target).map { component in
            switch component {
            case .key(let key): key
            case .index(let index): "[\(index)]"
            }
        }.reduce(into: "") { result, part in
            if part.hasPrefix("[") || result.isEmpty { result += part } else { result += "." + part }
        }
    }

    enum PathComponent {
        case key(String)
        case index(Int)
    }

    func components(to target: Int) -> [PathComponent] {
        var result: [PathComponent] = []
        var current = 0
        @inline(__always) func endOf(_ index: Int) -> Int {
            let end = Int(tokens[index].end)
            return end == 0 ? Int.max : end
        }
        while current != target, current < tokenCount {
            let token = tokens[current]
            guard token.kind == .object || token.kind == .array else { break }
            let containerEnd = min(endOf(current), tokenCount)
            var child = current + 1
            var position = 0
            var next: Int?
            while child < containerEnd {
                if token.kind == .object {
                    let valueIndex = child + 1
                    if target == child || valueIndex >= tokenCount {
                        result.append(.key(keyText(at: child)))
                        return result
                    }
                    let valueEnd = endOf(valueIndex)
                    if target >= valueIndex, target < valueEnd {
                        result.append(.key(keyText(at: child)))
                        next = valueIndex
                        break
                    }
                    child = valueEnd
                } else {
                    let valueEnd = endOf(child)
                    if target >= child, target < valueEnd {
                        result.append(.index(position))
                        next = child
                        break
                    }
                    child = valueEnd
                }
                position += 1
            }
            guard let next else {
                if token.end == 0, token.kind == .array { result.append(.index(position)) }
                break
            }
            current = next
        }
        return result
    }

    /// A key token's text for messages, decoded leniently (escapes as written, invalid UTF-8 as
    /// U+FFFD). Never through `string(at:)`: a key that fails there builds an error whose path
    /// asks for this key again, recursing until the stack overflows.
    func keyText(at index: Int) -> String {
        let token = tokens[index]
        guard token.kind == .string else { return "?" }
        return String(decoding: UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length)), as: UTF8.self)
    }
}

// MARK: - Descriptions

extension JSONToken.Kind: CustomStringConvertible {
    /// The JSON type with an article, for messages like "expected a string, found a number".
    @usableFromInline var description: String {
        switch self {
        case .null: "null"
        case .true, .false: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
