// GoogleHTTP is the libcurl transport. Its public API (`CurlTransport.send(_:)` and friends) takes
// and returns the value types of GoogleHTTPTypes, so they are re-exported: `import GoogleHTTP`
// alone is enough to build a request and read a response.
@_exported public import GoogleHTTPTypes
