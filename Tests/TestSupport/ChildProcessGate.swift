// MARK: - ChildProcessGate

/// Runs exit tests one at a time across every suite and test target of the test process.
///
/// Swift Testing reads an exit test's back channel with a blocking read in a task on the
/// cooperative pool for as long as the child process runs. On a 2-core machine the pool has two
/// threads, so two exit tests at once (this package has them in GoogleHTTPTests and
/// GoogleAuthTests, which SwiftPM links into one test process) leave no thread for any other test
/// until the children exit; under load that stalled unrelated tests for 50 s. One at a time keeps
/// a thread free. Waiting for the gate suspends; it never blocks a thread.
public actor ChildProcessGate {
    private static let shared = ChildProcessGate()

    private var isBusy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once no other exit test is running.
    public static func oneAtATime(_ body: () async -> Void) async {
        await shared.acquire()
        await body()
        await shared.release()
    }

    private func acquire() async {
        guard isBusy else {
            isBusy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            isBusy = false
        } else {
            // Hands the gate straight to the next waiter: it stays busy.
            waiters.removeFirst().resume()
        }
    }
}
