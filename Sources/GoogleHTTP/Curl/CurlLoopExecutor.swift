#if canImport(CCurl)
import Dispatch

// MARK: - CurlLoopExecutor

/// A task executor that runs jobs on a transport's curl thread, between rounds of curl work.
///
/// A task that prefers it (`withTaskExecutorPreference(transport.executor)`) resumes from a
/// finished request on the thread that finished it and queues its next request without waking
/// anyone, which removes both thread hand-offs from a sequential request loop. Code run this way
/// delays every other transfer of the transport while it runs, so keep it light.
public final class CurlLoopExecutor: TaskExecutor, @unchecked Sendable {
    private let loop: CurlMultiLoop?

    init(loop: CurlMultiLoop?) {
        self.loop = loop
        loop?.executor = self
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        if let loop {
            loop.enqueue(.job(unowned))
        } else {
            Self.runOnGlobalExecutor(unowned)
        }
    }

    static func runOnGlobalExecutor(_ job: UnownedJob) {
        DispatchQueue.global().async {
            job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
        }
    }
}
#endif
