import Foundation
import GoogleHTTP
import LocalHTTPServer

// MARK: - HTTPServerRequestFactory

/// Builds server-side requests to call emulator methods directly.
enum HTTPServerRequestFactory {
    typealias Request = HTTPServerRequest

    static func make(
        method: GoogleHTTPMethod = .get, path: String, query: [(String, String)] = [], headers: GoogleHTTPHeaders = [:], body: Data = Data()
    ) -> HTTPServerRequest {
        let queryString = query.isEmpty ? nil : query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        return HTTPServerRequest(
            method: method, target: path + (queryString.map { "?" + $0 } ?? ""), path: path, query: queryString,
            queryItems: query.map { (name: $0.0, value: $0.1) }, headers: headers, body: body, connectionID: 0)
    }
}
