import Foundation
import TestSupport
import Testing

// MARK: - PublicAPISnapshotTests

/// Every library module's public API, as `swift-symbolgraph-extract` sees the built module, must
/// match its checked-in listing in `API/<Module>.txt`, so that every change to the public surface
/// shows up in review as a change to those files. Regenerate them after an intended change with
/// `UPDATE_PUBLIC_API=1 swift test --filter PublicAPISnapshotTests`.
@Suite("Public API snapshot")
struct PublicAPISnapshotTests {
    /// The modules users import: the library products and the generated APIs.
    static let modules = [
        "GoogleJSON", "GoogleHTTPTypes", "GoogleHTTP", "GoogleAuth", "GoogleAPIRuntime", "LocalHTTPServer",
        "GoogleEmulator", "GoogleDrive", "GoogleYouTube",
    ]

    @Test("A module's public API matches API/<Module>.txt", arguments: modules)
    func snapshot(module: String) async throws {
        #if os(Linux)
        let listing = try await PublicAPIListing.extract(module: module)
        let file = PublicAPIListing.packageRoot.appendingPathComponent("API/\(module).txt")
        if ProcessInfo.processInfo.environment["UPDATE_PUBLIC_API"] == "1" {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(listing.utf8).write(to: file)
            return
        }
        let recorded = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        if recorded != listing {
            let difference = PublicAPIListing.difference(recorded: recorded, current: listing)
            Issue.record(
                """
                The public API of \(module) differs from API/\(module).txt. If the change is intended, run
                UPDATE_PUBLIC_API=1 swift test --filter PublicAPISnapshotTests
                and commit the updated file.
                \(difference)
                """)
        }
        #endif
    }
}
