import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import Testing

/// libcurl removes dot segments, so `files.get(fileId: "..")` would reach `/drive/v3/`: such
/// values are refused before anything is sent (issue 10, point 3).
@Suite("Generated calls keep path parameters in their segment")
struct PathParameterSafetyTests {
    @Test("files.get with fileId '..', '.' or '' never reaches the server")
    func dotSegmentsNeverSent() async throws {
        let backend = try EmulatorBackend(scopes: ["https://www.googleapis.com/auth/drive"])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        backend.emulator.clearRecordedRequests()
        for value in ["..", ".", ""] {
            let error = try await #require(throws: (any Error).self) { _ = try await drive.files.get(fileId: value) }
            #expect(error is GoogleAPIClientError, "\(error)")
        }
        #expect(backend.emulator.recordedRequests.map(\.path) == [])
    }
}
