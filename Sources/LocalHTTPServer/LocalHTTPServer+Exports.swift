// The server's public API (`HTTPServerRequest.method`, `.headers`, `HTTPServerResponse.headers`,
// `HTTPRouter.route(_:_:)`) is written in the HTTP value types, so they are re-exported: a route
// file needs only `import LocalHTTPServer`. GoogleHTTPTypes has no libcurl, so neither has this.
@_exported public import GoogleHTTPTypes
