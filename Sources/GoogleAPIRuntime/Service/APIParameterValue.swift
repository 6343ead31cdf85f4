public import Foundation

// MARK: - APIParameterValue

/// A value that can be sent as a path or query parameter.
public protocol APIParameterValue: Sendable {
    /// The value as it goes into the URL, before percent-encoding.
    var apiParameterString: String { get }
}

// MARK: - Conformances

extension String: APIParameterValue {
    public var apiParameterString: String { self }
}

extension Bool: APIParameterValue {
    public var apiParameterString: String { self ? "true" : "false" }
}

extension Int: APIParameterValue {
    public var apiParameterString: String { String(self) }
}

extension Int32: APIParameterValue {
    public var apiParameterString: String { String(self) }
}

extension UInt32: APIParameterValue {
    public var apiParameterString: String { String(self) }
}

extension Int64: APIParameterValue {
    public var apiParameterString: String { String(self) }
}

extension UInt64: APIParameterValue {
    public var apiParameterString: String { String(self) }
}

extension Double: APIParameterValue {
    public var apiParameterString: String { String(self) }
}

extension Float: APIParameterValue {
    public var apiParameterString: String { String(self) }
}

extension Date: APIParameterValue {
    /// RFC 3339 in UTC, with fractional seconds only when present.
    public var apiParameterString: String { RFC3339.format(self) }
}
