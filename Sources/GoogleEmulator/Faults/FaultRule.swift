public import GoogleHTTPTypes

// MARK: - FaultRule

/// A queued fault and which requests it applies to.
public struct FaultRule: Sendable, Hashable {
    public var fault: EmulatorFault
    /// Requests whose path starts with this (e.g. `/drive/v3/files`); `nil` matches every path.
    /// For request faults the path is followed by `?` and the raw query, so a prefix such as
    /// `/drive/v3/files/ID?alt=media` matches only that file's media downloads.
    public var pathPrefix: String?
    /// Only requests with this method; `nil` matches every method.
    public var method: GoogleHTTPMethod?
    /// How many more requests it applies to.
    public var remaining: Int

    public init(fault: EmulatorFault, pathPrefix: String? = nil, method: GoogleHTTPMethod? = nil, count: Int = 1) {
        self.fault = fault
        self.pathPrefix = pathPrefix
        self.method = method
        self.remaining = count
    }

    func matches(method: GoogleHTTPMethod, path: String) -> Bool {
        if let required = self.method, required != method { return false }
        if let pathPrefix, !path.hasPrefix(pathPrefix) { return false }
        return remaining > 0
    }
}
