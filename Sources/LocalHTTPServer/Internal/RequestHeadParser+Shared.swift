import GoogleHTTPTypes

// MARK: - RequestHeadParser

/// The server reads request heads with the package's one head parser (in GoogleHTTPTypes, shared
/// with batch parsing); this name keeps the connection code reading as what it does.
typealias RequestHeadParser = HTTPHeadParser
