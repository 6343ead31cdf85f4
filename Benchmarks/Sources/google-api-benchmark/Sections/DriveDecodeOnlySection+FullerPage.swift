import Foundation

// MARK: - A fuller page

extension DriveDecodeOnlySection {
    /// A `files.list` page shaped like what Drive returns with `fields=*`-style field masks for a
    /// user's folder: 100 files with links, owners, capabilities and checksums. Values repeat
    /// the way they do on real pages — a handful of MIME types and their icon links, one owner
    /// and last modifier, two parent folders — next to unique ids, names, links and checksums,
    /// so that decoders which share repeated strings are measured on realistic proportions
    /// (the main fixture repeats little but its parent folder).
    static func fullerPageJSON(fileCount: Int = 100) -> Data {
        let mimeTypes = [
            "application/pdf", "application/vnd.google-apps.document", "application/vnd.google-apps.spreadsheet",
            "application/vnd.google-apps.folder", "image/jpeg", "application/vnd.google-apps.presentation",
        ]
        let parents = ["0B8cVtjRfmHqPZkVHQ0hGTkxCZ28", "1xSWOEbrc5rLTLzNGAV1_5BrN4l7Vdy2g"]
        let owner = """
            {"kind":"drive#user","displayName":"Ann Example","photoLink":"https://lh3.googleusercontent.com/a/ACg8ocJ\
            qm5M7x0ZpXr2d9W0vYk3T1sQ8uE4nH6bL2fG7aP9cR=s64","me":true,"permissionId":"04918273645560987123",\
            "emailAddress":"ann.example@example.com"}
            """
        let capabilities = [
            "canAddChildren", "canChangeCopyRequiresWriterPermission", "canComment", "canCopy", "canDelete", "canDownload",
            "canEdit", "canListChildren", "canModifyContent", "canMoveItemWithinDrive", "canReadRevisions", "canRemoveChildren",
            "canRename", "canShare", "canTrash", "canUntrash",
        ].enumerated().map { "\"\($1)\":\($0 % 3 != 0)" }.joined(separator: ",")
        var files: [String] = []
        for index in 0..<fileCount {
            let id = "1\(String(format: "%08x", index &* 2_654_435_761 & 0xFFFF_FFFF))Qm9vYmFyYmF6cXV4c\(index)"
            let mimeType = mimeTypes[index % 5 == 4 ? 3 : index % 3]
            let hex = String(format: "%08x", index &* 40_503 &+ 17)
            files.append(
                """
                {"kind":"drive#file","id":"\(id)","name":"Meeting notes \(index) — planning.docx",\
                "mimeType":"\(mimeType)","starred":\(index % 7 == 0),"trashed":false,"explicitlyTrashed":false,\
                "parents":["\(parents[index % 4 == 0 ? 1 : 0])"],"spaces":["drive"],"version":"\(1000 + index * 3)",\
                "webViewLink":"https://docs.google.com/document/d/\(id)/edit?usp=drivesdk",\
                "iconLink":"https://drive-thirdparty.googleusercontent.com/16/type/\(mimeType)",\
                "hasThumbnail":\(index % 2 == 0),"thumbnailVersion":"0","viewedByMe":true,\
                "viewedByMeTime":"2024-05-\(10 + index % 18)T09:\(10 + index % 50):00.000Z",\
                "createdTime":"2024-03-0\(index % 9 + 1)T10:15:30.000Z","modifiedTime":"2024-04-1\(index % 9)T08:00:00.000Z",\
                "modifiedByMeTime":"2024-04-1\(index % 9)T08:00:00.000Z","modifiedByMe":true,\
                "owners":[\(owner)],"lastModifyingUser":\(owner),"shared":false,"ownedByMe":true,\
                "capabilities":{\(capabilities)},"viewersCanCopyContent":true,"copyRequiresWriterPermission":false,\
                "writersCanShare":true,"permissionIds":["04918273645560987123"],"quotaBytesUsed":"\(20_000 + index * 311)",\
                "size":"\(20_000 + index * 311)","md5Checksum":"\(hex)9e107d9d372bb6826bd81d35",\
                "sha1Checksum":"\(hex)2fd4e1c67a2d28fced849ee1bb76e7391b93eb12",\
                "sha256Checksum":"\(hex)d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"}
                """)
        }
        return Data(
            """
            {"kind":"drive#fileList","nextPageToken":"~!!~AI9FV7Q8xyzAbCdEf","incompleteSearch":false,\
            "files":[\(files.joined(separator: ","))]}
            """.utf8)
    }
}
