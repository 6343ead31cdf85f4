public import Foundation
import GoogleBase
import GoogleHTTPTypes

// MARK: - ResumableUploadSession

/// A resumable upload's session on the server. Persist it (it is `Codable`) to continue the
/// upload later, even in a new process: pass it to the generated method in
/// ``MediaUpload/resumable(file:contentType:resuming:chunkSize:sessionDidChange:progress:)``, or
/// use ``resume(client:media:as:)``.
public struct ResumableUploadSession: Sendable, Hashable {
    /// The session URI from the initiating response's `Location` header. Treat it as a secret:
    /// anyone holding it can upload to the session.
    public var uri: URL
    /// The media's total size.
    public var totalBytes: Int64
    public var contentType: String?
    /// How many bytes the server had confirmed when this value was reported: for showing
    /// progress. Resuming asks the server again, so a stale value does no harm.
    public var confirmedBytes: Int64
    /// The file being uploaded, when the media is a file: resuming refuses a file that changed
    /// since the session started.
    public var file: UploadFileIdentity?

    /// - Parameters: See the properties.
    public init(
        uri: URL, totalBytes: Int64, contentType: String? = nil, confirmedBytes: Int64 = 0, file: UploadFileIdentity? = nil
    ) {
        self.uri = uri
        self.totalBytes = totalBytes
        self.contentType = contentType
        self.confirmedBytes = confirmedBytes
        self.file = file
    }

    /// Continues the upload: asks the server how much it has, then sends the rest.
    /// - Parameters:
    ///   - client: The service client (its session authorizes the requests).
    ///   - media: The same media the session was started with.
    ///   - type: The response type of the completed upload.
    /// - Throws: ``GoogleAPIError``, ``GoogleAPIClientError`` (``GoogleAPIClientError/Code/uploadSourceChanged``
    ///   when `media` is not what the session was started with) or transport errors.
    public func resume<Response: Decodable & Sendable>(
        client: GoogleServiceClient, media: MediaUpload, as type: Response.Type
    ) async throws -> Response {
        try await client.resumeUpload(self, media: media, as: Response.self)
    }
}

// MARK: - CustomStringConvertible

extension ResumableUploadSession: CustomStringConvertible {
    /// Omits the session URI's query (its `upload_id` grants upload access).
    public var description: String {
        "ResumableUploadSession(\(SecretRedactor.redactedURL(uri)), \(confirmedBytes) of \(totalBytes) bytes)"
    }
}
