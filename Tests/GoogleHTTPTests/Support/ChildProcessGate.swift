import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ChildProcessGate

/// Runs exit tests one at a time across every suite and test target of this test process.
///
/// Swift Testing reads an exit test's back channel with a blocking read in a task on the
/// cooperative pool for as long as the child process runs. On a 2-core machine the pool has two
/// threads, so two exit tests at once (this package has them in GoogleHTTPTests and
/// GoogleAuthTests, which SwiftPM links into one test process) leave no thread for any other test
/// until the children exit; under load that stalled unrelated tests for 50 s. One at a time keeps
/// a thread free. Test targets cannot share code, so GoogleHTTPTests and GoogleAuthTests each
/// carry this file; the `flock` on one per-process file is what makes them one gate.
enum ChildProcessGate {
    static func oneAtATime(_ body: () async -> Void) async {
        let path = FileManager.default.temporaryDirectory.path + "/google-api-swift-exit-tests-\(getpid()).lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            Issue.record("cannot open the exit-test gate \(path): errno \(errno)")
            return
        }
        defer { close(descriptor) }
        // Polled, not waited for: a blocking flock would itself hold a cooperative thread.
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            try? await Task.sleep(for: .milliseconds(50))
        }
        defer { flock(descriptor, LOCK_UN) }
        await body()
    }
}
