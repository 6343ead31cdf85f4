import LocalHTTPServer

// MARK: - MetadataError

/// A rejected metadata field, or a complete error response.
struct MetadataError: Error {
    var response: HTTPServerResponse

    init(field: String) {
        response = GoogleErrorResponse.make(
            status: 400, reason: "invalid", message: "Invalid value for field: \(field)", location: field, locationType: "other")
    }

    init(response: HTTPServerResponse) {
        self.response = response
    }
}
