import Foundation
import GoogleHTTPTypes
import LocalHTTPServer

// MARK: - DriveMediaHandlers

/// files.get `alt=media` downloads (with `Range`) and files.export.
struct DriveMediaHandlers: Sendable {
    let context: EmulatorContext

    // MARK: - Download

    func download(_ request: HTTPServerRequest, file: DriveFile) -> HTTPServerResponse {
        defer {
            // A scripted new version takes effect after this answer; its bytes stay the old ones.
            if let content = context.drive.contentChanges.downloadServed(file.id) {
                _ = try? context.drive.replaceContent(of: file.id, with: content)
            }
        }
        guard let url = file.contentURL, let size = file.size else {
            if file.isDocsEditorsFile {
                return GoogleErrorResponse.forbidden(
                    "fileNotDownloadable",
                    "Only files with binary content can be downloaded. Use Export with Docs Editors files.")
            }
            return GoogleErrorResponse.forbidden("fileNotDownloadable", "Only files with binary content can be downloaded.")
        }
        var headers: GoogleHTTPHeaders = [
            "Content-Type": file.mimeType,
            "Accept-Ranges": "bytes",
            "ETag": "\"\(file.md5Checksum ?? file.id)\"",
            "Content-Disposition": "attachment",
        ]
        if let md5 = file.md5Checksum, let digest = Self.base64MD5(hex: md5) {
            headers["X-Goog-Hash"] = "md5=\(digest)"
        }
        // `If-Range` (RFC 9110 §13.1.5): a range of another version is useless, send it all.
        if let ifRange = request.headers["If-Range"], ifRange != headers["ETag"] {
            return HTTPServerResponse(status: 200, headers: headers, body: .file(url, range: nil))
        }
        guard let rangeHeader = request.headers["Range"] else {
            return HTTPServerResponse(status: 200, headers: headers, body: .file(url, range: nil))
        }
        switch ByteRange.parse(rangeHeader, size: size) {
        case .none:
            // Syntactically invalid Range headers are ignored (RFC 9110 §14.2).
            return HTTPServerResponse(status: 200, headers: headers, body: .file(url, range: nil))
        case .unsatisfiable:
            var response = GoogleErrorResponse.make(
                status: 416, reason: "requestedRangeNotSatisfiable", message: "Request range not satisfiable")
            response.headers["Content-Range"] = "bytes */\(size)"
            return response
        case .range(let range):
            headers["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
            return HTTPServerResponse(status: 206, headers: headers, body: .file(url, range: range))
        }
    }

    private static func base64MD5(hex: String) -> String? {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) ?? hex.endIndex
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return Data(bytes).base64EncodedString()
    }

    // MARK: - Export

    /// files.export, limited to ``DriveExport/sizeLimit`` bytes.
    func export(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await exportResponse(request, fileID: fileID, limited: true)
    }

    /// An `exportLinks` download: the same export, without the size limit.
    func exportLink(_ request: HTTPServerRequest, fileID: String) async -> HTTPServerResponse {
        await exportResponse(request, fileID: fileID, limited: false)
    }

    private func exportResponse(_ request: HTTPServerRequest, fileID: String, limited: Bool) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Scopes.driveRead) {
            guard let targetType = request.queryValue("mimeType"), !targetType.isEmpty else {
                return GoogleErrorResponse.required("mimeType")
            }
            // Export links address the file directly; files.export needs supportsAllDrives for
            // a shared drive's file, like every method.
            let file = limited ? DriveHandlers(context: context).visibleFile(fileID, request) : context.drive.file(fileID)
            guard let file else { return DriveHandlers.fileNotFound(fileID) }
            guard file.isDocsEditorsFile, let text = file.documentText else {
                return GoogleErrorResponse.forbidden("fileNotExportable", "Export only supports Docs Editors files.")
            }
            guard DriveExport.formats[file.mimeType]?.contains(targetType) == true,
                let data = DriveExport.render(text, title: file.name, as: targetType)
            else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "badRequest", message: "The requested conversion is not supported.",
                    location: "convertTo", locationType: "parameter")
            }
            if limited, data.count > DriveExport.sizeLimit {
                return GoogleErrorResponse.forbidden("exportSizeLimitExceeded", "This file is too large to be exported.")
            }
            return HTTPServerResponse(status: 200, headers: ["Content-Type": targetType], body: .data(data))
        }
    }
}
