import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes
import Testing

@Suite("PlainLock")
struct PlainLockTests {
    @Test("a try fails while another thread holds the lock, and succeeds once it is released")
    func tryWhileHeld() async {
        let lock = PlainLock(0)
        // The waiting happens on threads of our own, never on a cooperative one.
        let outcome: (whileHeld: Int?, afterRelease: Int?) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let holding = DispatchSemaphore(value: 0)
                let release = DispatchSemaphore(value: 0)
                let released = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    lock.withLock { value in
                        value = 1
                        holding.signal()
                        release.wait()
                    }
                    released.signal()
                }
                holding.wait()
                let whileHeld = lock.withLockIfAvailable { $0 }
                release.signal()
                released.wait()
                let afterRelease = lock.withLockIfAvailable { $0 }
                continuation.resume(returning: (whileHeld, afterRelease))
            }
        }
        #expect(outcome.whileHeld == nil)
        #expect(outcome.afterRelease == 1)
    }

    @Test("increments from four threads at once are none of them lost")
    func mutualExclusion() async {
        let lock = PlainLock(0)
        let threads = 4
        let increments = 50_000
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for _ in 0..<threads {
                group.enter()
                Thread.detachNewThread {
                    for _ in 0..<increments {
                        // A read and a separate write: without mutual exclusion, updates get lost.
                        lock.withLock { value in
                            let read = value
                            value = read + 1
                        }
                    }
                    group.leave()
                }
            }
            group.notify(queue: .global()) { continuation.resume() }
        }
        #expect(lock.withLock { $0 } == threads * increments)
    }

    @Test("a lock without a value excludes threads from state kept elsewhere, and its try fails while held")
    func valuelessLock() async {
        // The multi handle's lock is one of these: it guards the loop's own fields.
        // Unsynchronised boxes: only the lock (or the semaphore below) orders their accesses.
        final class Counter: @unchecked Sendable { var value = 0 }
        final class Outcome: @unchecked Sendable { var value: Bool? }
        let lock = PlainLock<Void>()
        let counter = Counter()
        let threads = 4
        let increments = 50_000
        let triedWhileHeld: Bool? = await withCheckedContinuation { continuation in
            let group = DispatchGroup()
            for _ in 0..<threads {
                group.enter()
                Thread.detachNewThread {
                    for _ in 0..<increments {
                        lock.withLock {
                            let read = counter.value
                            counter.value = read + 1
                        }
                    }
                    group.leave()
                }
            }
            group.notify(queue: .global()) {
                // Held by this thread through `withLock`, tried by another: must fail.
                let attempted = DispatchSemaphore(value: 0)
                let outcome = Outcome()
                lock.withLock {
                    Thread.detachNewThread {
                        outcome.value = lock.withLockIfAvailable { true }
                        attempted.signal()
                    }
                    attempted.wait()
                }
                continuation.resume(returning: outcome.value)
            }
        }
        #expect(counter.value == threads * increments)
        #expect(triedWhileHeld == nil)
        #expect(lock.withLockIfAvailable { true } == true)
    }

    @Test("a throwing body releases the lock, with or without waiting")
    func throwingBodyReleases() {
        struct Failure: Error {}
        let lock = PlainLock("start")
        #expect(throws: Failure.self) {
            try lock.withLock { value in
                value = "changed"
                throw Failure()
            }
        }
        #expect(lock.withLockIfAvailable { $0 } == "changed")
        #expect(throws: Failure.self) {
            try lock.withLockIfAvailable { value in
                value = "again"
                throw Failure()
            }
        }
        #expect(lock.withLockIfAvailable { $0 } == "again")
    }
}
