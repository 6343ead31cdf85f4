// MARK: - StandardParameters

/// Query parameters every Google API accepts, added to each call of a ``GoogleServiceClient``.
public struct StandardParameters: Sendable, Hashable {
    /// Attributes quota to a user when calling from a server.
    public var quotaUser: String?
    /// Whether responses are indented; off by default to save bytes.
    public var prettyPrint: Bool
    /// The response format (`json`, or `media` for downloads — set by the runtime).
    public var alt: String?

    public init(quotaUser: String? = nil, prettyPrint: Bool = false, alt: String? = nil) {
        self.quotaUser = quotaUser
        self.prettyPrint = prettyPrint
        self.alt = alt
    }

    /// The parameters as query items, in a stable order.
    public var queryItems: [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        if let alt { items.append(("alt", alt)) }
        if let quotaUser { items.append(("quotaUser", quotaUser)) }
        items.append(("prettyPrint", prettyPrint ? "true" : "false"))
        return items
    }
}
