public import GoogleAPIRuntime

// MARK: - Collecting items for a listing command

extension APIPageSequence {
    /// The items of every page in order, stopping (without fetching further pages) after `limit`.
    /// - Parameter limit: The most items to return; `nil` for all of them.
    /// - Throws: Whatever fetching a page throws.
    public func collect(limit: Int?) async throws -> [Page.Item] {
        var result: [Page.Item] = []
        guard limit.map({ $0 > 0 }) ?? true else { return result }
        for try await item in items {
            result.append(item)
            // Stop as soon as the limit is reached, so no further page is requested.
            if let limit, result.count >= limit { break }
        }
        return result
    }
}
