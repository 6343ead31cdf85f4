import Foundation
import GoogleAuth
import GoogleBase
import GoogleJSON

// MARK: - UploadVerification

/// Checks an upload's final response against what was sent: when the created resource reports
/// its `size` (and `md5Checksum`, as Drive does when those fields are requested), they must
/// match the media, or the upload silently stored other bytes.
enum UploadVerification {
    /// - Throws: ``GoogleAPIClientError/Code/integrityCheckFailed`` on a mismatch, or
    ///   ``GoogleAPIClientError/Code/fileAccess`` when the media cannot be re-read for
    ///   its digest.
    static func check(_ body: Data, media: MediaUpload, total: Int64) async throws(GoogleAPIClientError) {
        guard !body.isEmpty, case .object(let object)? = try? JSONValue(parsing: body) else { return }
        if let reported = integer(object["size"]), reported != total {
            throw .integrityCheckFailed("sent \(total) bytes, the server stored \(reported)")
        }
        if let reported = object["md5Checksum"]?.stringValue, !reported.isEmpty {
            let sent = try await digest(of: media)
            if sent.lowercased() != reported.lowercased() {
                throw .integrityCheckFailed("MD5 of the sent bytes is \(sent), the server stored \(reported)")
            }
        }
    }

    /// int64 values arrive as strings in Google's JSON, occasionally as numbers.
    private static func integer(_ value: JSONValue?) -> Int64? {
        switch value {
        case .string(let text)?: Int64(text)
        case .number(let number)?: Int64(exactly: number)
        default: nil
        }
    }

    /// The MD5 of the media. A file is hashed on a thread of its own: a large one would otherwise
    /// hold a cooperative thread for seconds of reading and hashing.
    private static func digest(of media: MediaUpload) async throws(GoogleAPIClientError) -> String {
        guard case .file(let url) = media.source else { return try md5Hex(of: media) }
        do {
            return try await DedicatedThread.run("upload MD5") { try md5Hex(of: media) }
        } catch let error as GoogleAPIClientError {
            throw error
        } catch {
            throw .fileAccess(path: url.path, reason: String(describing: error))
        }
    }

    /// The MD5 of the media, reading files in blocks.
    static func md5Hex(of media: MediaUpload) throws(GoogleAPIClientError) -> String {
        switch media.source {
        case .data(let data):
            return ContentMD5.hex(of: data)
        case .file(let url):
            guard let handle = try? FileHandle(forReadingFrom: url) else {
                throw .fileAccess(path: url.path, reason: "cannot open for reading")
            }
            defer { try? handle.close() }
            var digest = ContentMD5()
            while true {
                let block: Data?
                do {
                    block = try handle.read(upToCount: 1 << 20)
                } catch {
                    throw .fileAccess(path: url.path, reason: error.localizedDescription)
                }
                guard let block, !block.isEmpty else { return digest.finalizeHex() }
                digest.update(block)
            }
        }
    }
}
