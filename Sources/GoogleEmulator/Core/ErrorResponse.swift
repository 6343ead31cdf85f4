import LocalHTTPServer

// MARK: - ErrorResponse

/// An error that is already an HTTP response (so `Result` can carry it).
struct ErrorResponse: Error {
    var response: HTTPServerResponse
    init(_ response: HTTPServerResponse) { self.response = response }
}
