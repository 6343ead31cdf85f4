// MARK: - PathSegmentCheck

/// Keeps path parameters in their segment. Percent-encoding leaves `.` alone (it is unreserved),
/// and URL normalisation (libcurl, proxies, servers) removes `.` and `..` segments, so
/// `files/{fileId}` with `fileId: ".."` would reach `/drive/v3/` instead of a file; an empty
/// value likewise names the collection instead of a member.
enum PathSegmentCheck {
    /// - Parameters:
    ///   - value: The parameter's value, before encoding.
    ///   - name: The parameter's name (for the error).
    ///   - reserved: Whether it is a `{+name}` expansion, which may span several segments.
    /// - Throws: ``GoogleAPIClientError/Code/invalidPathParameter``.
    static func validate(_ value: String, name: String, reserved: Bool) throws(GoogleAPIClientError) {
        if value.isEmpty {
            throw .invalidPathParameter(name: name, reason: "is empty")
        }
        // A simple expansion encodes `/` and `%`, so the whole value is one segment; a reserved
        // one keeps both, so each of its segments (and their percent-encoded dots) is checked.
        let segments = reserved ? value.split(separator: "/", omittingEmptySubsequences: false).map(String.init) : [value]
        for segment in segments where isDotSegment(reserved ? segment.replacingPercentEncodedDots() : segment) {
            throw .invalidPathParameter(name: name, reason: "contains the dot segment '\(segment)', which would leave its path segment")
        }
    }

    private static func isDotSegment(_ segment: String) -> Bool {
        segment == "." || segment == ".."
    }
}

extension String {
    /// `%2e`/`%2E` as `.`, which URL parsers treat alike in dot segments.
    fileprivate func replacingPercentEncodedDots() -> String {
        replacing("%2e", with: ".").replacing("%2E", with: ".")
    }
}
