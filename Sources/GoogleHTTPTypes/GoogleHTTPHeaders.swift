// MARK: - GoogleHTTPHeaders

/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and duplicates are preserved because some headers (`Set-Cookie`, `Link`) are legitimately
/// repeated and because proxies and signatures care about what went on the wire.
public struct GoogleHTTPHeaders: Sendable, Hashable {
    /// One header field as it appears on the wire.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init() {
        self.fields = []
    }

    /// An empty list with room for `capacity` fields: what the transport builds each response
    /// head into, so that a typical response's dozen fields take one allocation instead of the
    /// four or five of an array grown field by field.
    package init(capacity: Int) {
        self.fields = []
        fields.reserveCapacity(capacity)
    }

    public init(_ pairs: [(String, String)]) {
        self.fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the header named `name`, compared case-insensitively.
    public subscript(name: String) -> String? {
        get {
            fields.first { $0.name.caseInsensitiveEquals(name) }?.value
        }
        set {
            if let newValue {
                replaceOrAdd(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value of the header named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Appends a field, keeping any existing ones with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` with a single one.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        fields.append(Field(name: name, value: value))
    }

    public mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    public var isEmpty: Bool { fields.isEmpty }
    public var count: Int { fields.count }
}

// MARK: - Sequence

extension GoogleHTTPHeaders: Sequence {
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

// MARK: - ExpressibleByDictionaryLiteral

extension GoogleHTTPHeaders: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }
}

// MARK: - Case-insensitive ASCII comparison

extension String {
    /// Header names are ASCII; comparing UTF-8 bytes avoids allocating lowercased copies per lookup.
    package func caseInsensitiveEquals(_ other: String) -> Bool {
        var lhs = self.utf8.makeIterator()
        var rhs = other.utf8.makeIterator()
        while true {
            switch (lhs.next(), rhs.next()) {
            case (nil, nil):
                return true
            case (let left?, let right?):
                if left == right { continue }
                if (left | 0x20) == (right | 0x20), (left | 0x20) >= 0x61, (left | 0x20) <= 0x7A { continue }
                return false
            default:
                return false
            }
        }
    }
}
