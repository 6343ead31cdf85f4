// MARK: - PageableResponse

/// A list response that continues on another page while `nextPageToken` is set.
public protocol PageableResponse: Decodable, Sendable {
    associatedtype Item: Sendable
    /// The token for the next page; `nil` (or empty) on the last page.
    var nextPageToken: String? { get }
    /// The page's items (`files`, `items`, ...), `[]` when absent.
    var pageItems: [Item] { get }
}
