import LocalHTTPServer

// MARK: - Routes with a response schema

/// Registration of a route whose JSON answer has a Discovery schema: the route's `fields`
/// parameter is checked and applied by ``ResponseSchema/masking(_:)``.
extension HTTPRouter {
    mutating func get(_ pattern: String, returning schema: ResponseSchema, _ handler: @escaping Handler) {
        add(.get, pattern, schema.masking(handler))
    }

    mutating func post(_ pattern: String, returning schema: ResponseSchema, _ handler: @escaping Handler) {
        add(.post, pattern, schema.masking(handler))
    }

    mutating func put(_ pattern: String, returning schema: ResponseSchema, _ handler: @escaping Handler) {
        add(.put, pattern, schema.masking(handler))
    }

    mutating func patch(_ pattern: String, returning schema: ResponseSchema, _ handler: @escaping Handler) {
        add(.patch, pattern, schema.masking(handler))
    }
}
