import Foundation
import GoogleHTTP

// MARK: - Batch

extension GoogleServiceClient {
    /// Google's limit of calls per batch request.
    public static let maxCallsPerBatch = 1000

    /// Sends `calls` through the API's batch endpoint (in requests of at most 1000 calls) and
    /// returns each call's result, in the order of `calls`.
    /// - Parameter calls: The calls; media uploads and downloads cannot be batched.
    /// - Returns: One ``BatchResult`` per call, success or error.
    /// - Throws: ``GoogleAPIClientError/Code/unsupported`` without a batch path, ``GoogleAPIError``
    ///   when the batch request itself fails, or transport and session errors.
    public func batch(_ calls: [APICall]) async throws -> [BatchResult] {
        guard let batchPath = descriptor.batchPath else {
            throw GoogleAPIClientError.unsupported("\(descriptor.name) has no batch endpoint")
        }
        for call in calls { try await checkScopes(call) }
        var base = rootURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        guard let url = URL(string: base + batchPath.trimmingPrefix("/")) else {
            throw GoogleAPIClientError.invalidURL(batchPath)
        }
        var results: [BatchResult] = []
        results.reserveCapacity(calls.count)
        var start = 0
        while start < calls.count {
            let chunk = Array(calls[start..<min(start + Self.maxCallsPerBatch, calls.count)])
            let requests = try chunk.map { call in try makeRequest(call) }
            let writer = BatchRequestWriter()
            var request = GoogleHTTPRequest(method: .post, url: url, body: .data(try writer.body(for: requests, firstIndex: start)))
            request.headers["Content-Type"] = writer.contentType
            let idempotent = chunk.allSatisfy(\.idempotent)
            let response = try await session.send(request, idempotent: idempotent)
            try requireSuccess(response)
            results += try BatchResponseParser.parse(
                response.body, contentType: response.headers["Content-Type"], firstIndex: start, count: chunk.count)
            start += chunk.count
        }
        return results
    }
}
