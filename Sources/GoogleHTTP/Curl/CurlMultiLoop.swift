import Foundation
internal import CCurl
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CurlMultiLoop

/// One libcurl multi handle and the thread that drives it.
///
/// Every call on the multi handle, and on easy handles while they are attached to it, happens on
/// this thread. Other threads talk to it only through `enqueue`, which queues a command and wakes
/// `curl_multi_poll` through an eventfd polled next to curl's sockets. The multi handle owns the
/// connection cache, so connections stay alive across requests and HTTP/2 streams share connections.
final class CurlMultiLoop: @unchecked Sendable {
    enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
        case resume(CurlTransfer)
        /// A task job scheduled on ``CurlLoopExecutor``.
        case job(UnownedJob)
        /// Resumed as soon as the loop sees it: the loop's hand-off cost without any curl work.
        case ping(UnsafeContinuation<Void, Never>)
    }

    private struct Inbox {
        var commands: [Command] = []
        var shutdownRequested = false
        var closed = false
    }

    let pool: CurlEasyHandlePool
    /// A header list holding only `Expect:`, shared by requests without custom headers.
    let expectSuppression: UnsafeMutablePointer<curl_slist>?
    private let multi: UnsafeMutableRawPointer
    /// An eventfd the loop polls next to curl's sockets; producers write it to wake the loop,
    /// outside the inbox lock (a write is a system call, and holding the lock through it made
    /// producers and the loop spin on each other). It belongs to this object, not to the multi
    /// handle, so it stays valid while anyone can call `enqueue`; closed in `deinit`. -1 where
    /// eventfd is missing: then `curl_multi_wakeup` under the lock, as before.
    private let wakeDescriptor: Int32
    private let inbox = Mutex(Inbox())
    /// Mirrors "the inbox is not empty", readable without the lock while the loop spins.
    private let hasCommands = Atomic<Bool>(false)
    /// Whether the loop is (about to be) blocked in `curl_multi_poll`. Together with `hasCommands`
    /// this lets producers skip the wake-up system call while the loop is awake anyway: each side
    /// writes its flag, then reads the other's (sequentially consistent), so at least one notices.
    private let isSleeping = Atomic<Bool>(false)
    /// The executor jobs run on; owned by the transport, which may outlive this reference.
    weak var executor: CurlLoopExecutor?
    /// Transfers attached to the multi handle; loop thread only.
    private var active: [ObjectIdentifier: CurlTransfer] = [:]
    /// No transfer can have stalled before this; `nil` when none has a stall limit. Loop thread only.
    private var nextStallCheck: ContinuousClock.Instant?
    /// Right after going idle, the next request usually follows within microseconds (a sequential
    /// caller preparing it): watching for it briefly saves a sleep and a wake-up per request.
    /// Loop thread only.
    private var commandSpin = CurlSpinWindow(length: .microseconds(50))
    // Not done, both measured slower on a loaded 2-core machine: spinning on curl's sockets while a
    // response is due, saving this thread's own wake-up (0.49× against 0.57× raw C), and
    // stretching this window up to 250 µs to cover a typed caller's decode between requests (15%
    // fewer typed calls). A spin takes a core from the server and from the task about to run.
    /// Set by the body and header callbacks during a round of curl work; loop thread only.
    var receivedInRound = false
    /// Streamed bodies whose waiting consumers get this round's bytes once it ends; loop thread only.
    private var channelsToFlush: [CurlResponseChannel] = []

    init?(configuration: CurlTransport.Configuration) {
        guard CurlGlobal.ensureInitialized(), let multi = curl_multi_init() else { return nil }
        self.multi = multi
        self.wakeDescriptor = ccurl_wake_fd()
        self.pool = CurlEasyHandlePool(configuration: configuration)
        self.expectSuppression = curl_slist_append(nil, "Expect:")
        ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, ccurl_pipe_multiplex)
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(0, configuration.maxConnectionsPerHost))
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(0, configuration.maxConnectionsTotal))
        ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(1, configuration.idleConnectionCacheSize))
        let thread = Thread { [self] in
            // Named from inside: Foundation on Linux does not pass Thread.name to the kernel.
            ccurl_name_current_thread("CurlTransport")
            run()
        }
        thread.start()
    }

    deinit {
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
    }

    // MARK: - Any thread

    /// Queues `command` for the loop thread. Commands after shutdown fail their transfer at once.
    func enqueue(_ command: Command) {
        let (accepted, wake) = inbox.withLock { inbox -> (Bool, Bool) in
            guard !inbox.closed else { return (false, false) }
            let wasEmpty = inbox.commands.isEmpty
            inbox.commands.append(command)
            hasCommands.store(true, ordering: .sequentiallyConsistent)
            // A non-empty inbox means a wake-up is already pending and will drain this command too,
            // and a loop that is not sleeping (including our own thread, running a job) checks the
            // inbox before it does.
            guard wasEmpty, isSleeping.load(ordering: .sequentiallyConsistent) else { return (true, false) }
            guard wakeDescriptor >= 0 else {
                // Waking under the lock keeps the multi handle alive meanwhile.
                curl_multi_wakeup(multi)
                return (true, false)
            }
            return (true, true)
        }
        if wake {
            signalWake()
        }
        if !accepted {
            reject(command)
        }
    }

    /// Makes the loop's poll return (now, or at once the next time it polls).
    private func signalWake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Fails or re-routes a command that arrived after shutdown.
    private func reject(_ command: Command) {
        switch command {
        case .add(let transfer):
            transfer.finish(HTTPTransportError(kind: .cancelled, url: transfer.url, message: "the transport was shut down"))
        case .job(let job):
            // Tasks that preferred this executor must still run; the global pool takes them over.
            CurlLoopExecutor.runOnGlobalExecutor(job)
        case .ping(let continuation):
            continuation.resume()
        case .cancel, .resume:
            break
        }
    }

    /// Stops the loop: transfers still running fail with `.cancelled`, then everything is freed.
    func shutdown() {
        let wake = inbox.withLock { inbox -> Bool in
            guard !inbox.shutdownRequested else { return false }
            inbox.shutdownRequested = true
            hasCommands.store(true, ordering: .sequentiallyConsistent)
            guard wakeDescriptor >= 0 else {
                curl_multi_wakeup(multi)
                return false
            }
            return true
        }
        if wake {
            signalWake()
        }
    }

    // MARK: - Loop thread

    private func run() {
        var batch: [Command] = []
        batch.reserveCapacity(64)
        while true {
            // The lock is only taken when there is something to take: a producer holding it while
            // this thread spins on it costs both sides a futex call (shutdown sets the flag too).
            if hasCommands.load(ordering: .acquiring) {
                let stopping = inbox.withLock { inbox -> Bool in
                    swap(&inbox.commands, &batch)
                    hasCommands.store(false, ordering: .relaxed)
                    return inbox.shutdownRequested
                }
                for command in batch {
                    handle(command)
                }
                batch.removeAll(keepingCapacity: true)
                if stopping {
                    tearDown()
                    return
                }
            }
            var running: Int32 = 0
            receivedInRound = false
            curl_multi_perform(multi, &running)
            collectFinished()
            flushChannels()
            failStalledTransfers()
            if hasCommands.load(ordering: .acquiring) { continue }
            if active.isEmpty {
                if commandSpin.spin(checkingEvery: 64, until: { hasCommands.load(ordering: .acquiring) }) { continue }
            }
            isSleeping.store(true, ordering: .sequentiallyConsistent)
            if hasCommands.load(ordering: .sequentiallyConsistent) {
                isSleeping.store(false, ordering: .relaxed)
                continue
            }
            var readyDescriptors: Int32 = 0
            if wakeDescriptor >= 0 {
                var wake = curl_waitfd(fd: wakeDescriptor, events: Int16(CURL_WAIT_POLLIN), revents: 0)
                curl_multi_poll(multi, &wake, 1, pollTimeoutMilliseconds(), &readyDescriptors)
                if wake.revents != 0 {
                    // Reset the counter; commands written meanwhile are in the inbox and seen next.
                    var count: UInt64 = 0
                    _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
                }
            } else {
                curl_multi_poll(multi, nil, 0, pollTimeoutMilliseconds(), &readyDescriptors)
            }
            isSleeping.store(false, ordering: .relaxed)
        }
    }

    private func handle(_ command: Command) {
        switch command {
        case .add(let transfer):
            guard !transfer.isCancellationRequested else {
                transfer.finish(transfer.cancellationError())
                pool.giveBack(transfer.handle)
                return
            }
            transfer.startedAt = .now
            let code = curl_multi_add_handle(multi, transfer.easy)
            guard code == CURLM_OK else {
                let message = String(cString: curl_multi_strerror(code))
                transfer.finish(HTTPTransportError(kind: .other, url: transfer.url, message: message, code: Int(code.rawValue)))
                pool.giveBack(transfer.handle)
                return
            }
            active[ObjectIdentifier(transfer)] = transfer
            if let stall = transfer.timeouts.stall {
                let watch = CurlStallWatch(
                    period: stall, minimumBytesPerSecond: transfer.timeouts.stallMinimumBytesPerSecond, now: .now)
                transfer.stallWatch = watch
                nextStallCheck = min(nextStallCheck ?? watch.deadline, watch.deadline)
            }
        case .cancel(let transfer):
            guard active.removeValue(forKey: ObjectIdentifier(transfer)) != nil else { return }
            curl_multi_remove_handle(multi, transfer.easy)
            transfer.finish(transfer.cancellationError())
            pool.giveBack(transfer.handle)
        case .resume(let transfer):
            guard active[ObjectIdentifier(transfer)] != nil, transfer.recvPaused || transfer.sendPaused else { return }
            // A direction whose channel is still not ready simply pauses itself again.
            transfer.recvPaused = false
            transfer.sendPaused = false
            // Time spent paused (waiting for our side) is not a stall.
            transfer.stallWatch?.restart(at: .now)
            curl_easy_pause(transfer.easy, 0)
        case .ping(let continuation):
            continuation.resume()
        case .job(let job):
            if let executor {
                job.runSynchronously(on: executor.asUnownedTaskExecutor())
            } else {
                CurlLoopExecutor.runOnGlobalExecutor(job)
            }
        }
    }

    // MARK: - Streamed bodies

    /// Called by a write callback (loop thread) for a channel whose consumer waits.
    func flushAfterRound(_ channel: CurlResponseChannel) {
        channelsToFlush.append(channel)
    }

    /// Hands each waiting consumer everything its body received this round, in one wake-up.
    private func flushChannels() {
        guard !channelsToFlush.isEmpty else { return }
        let channels = channelsToFlush
        channelsToFlush.removeAll(keepingCapacity: true)
        for channel in channels {
            channel.flush()
        }
    }

    // MARK: - Stalls

    /// At most a second, so commands are never missed for long, and no later than the next
    /// possible stall, which gives stall limits the clock's resolution rather than curl's seconds.
    ///
    /// After a round that received bytes, at most 2 ms: libcurl 7.88 may leave input it already
    /// pulled off the socket (decrypted TLS records, other HTTP/2 streams' frames) unprocessed
    /// without asking for a timeout, and the socket then stays quiet, so the poll would sleep
    /// its full second (seen as 1 s stalls with 8 requests multiplexed over HTTPS + HTTP/2). The
    /// next round's `curl_multi_perform` walks every transfer and drains it.
    private func pollTimeoutMilliseconds() -> Int32 {
        let ceiling = receivedInRound && !active.isEmpty ? 2 : 1000
        guard let nextStallCheck else { return Int32(ceiling) }
        let remaining = ContinuousClock.now.duration(to: nextStallCheck)
        guard remaining > .zero else { return 0 }
        return Int32(min(ceiling, CurlTransfer.milliseconds(remaining)))
    }

    /// Fails transfers whose stall window ran out; paused or still-connecting ones start afresh.
    private func failStalledTransfers() {
        let now = ContinuousClock.now
        guard let due = nextStallCheck, now >= due else { return }
        var earliest: ContinuousClock.Instant?
        var stalled: [CurlTransfer] = []
        for transfer in active.values {
            guard var watch = transfer.stallWatch else { continue }
            if !transfer.hasConnected {
                var connectedAfter: curl_off_t = 0
                ccurl_easy_getinfo_off_t(transfer.easy, CURLINFO_PRETRANSFER_TIME_T, &connectedAfter)
                transfer.hasConnected = connectedAfter > 0
            }
            if transfer.recvPaused || transfer.sendPaused || !transfer.hasConnected {
                watch.restart(at: now)
            }
            transfer.stallWatch = watch
            if watch.isStalled(at: now) {
                stalled.append(transfer)
            } else {
                earliest = min(earliest ?? watch.deadline, watch.deadline)
            }
        }
        nextStallCheck = earliest
        for transfer in stalled {
            active.removeValue(forKey: ObjectIdentifier(transfer))
            curl_multi_remove_handle(multi, transfer.easy)
            let watch = transfer.stallWatch
            let message = "fewer than \(watch?.bytesPerWindow ?? 1) bytes moved in \(watch?.period ?? .zero)"
            transfer.finish(HTTPTransportError(kind: .stalled, url: transfer.url, message: message))
            pool.giveBack(transfer.handle)
        }
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            var userdata: UnsafeMutableRawPointer?
            ccurl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &userdata)
            guard let userdata else {
                curl_multi_remove_handle(multi, easy)
                continue
            }
            let transfer = CurlTransfer.from(userdata)
            // The waiting task first: detaching and pooling the handle overlap its wake-up. Once
            // done, curl calls none of the transfer's callbacks and the task touches only the
            // transfer's results, not the easy handle.
            transfer.complete(with: code)
            active.removeValue(forKey: ObjectIdentifier(transfer))
            curl_multi_remove_handle(multi, easy)
            pool.giveBack(transfer.handle)
        }
    }

    private func tearDown() {
        let leftovers = inbox.withLock { inbox -> [Command] in
            inbox.closed = true
            defer { inbox.commands = [] }
            return inbox.commands
        }
        for command in leftovers {
            reject(command)
        }
        for transfer in active.values {
            curl_multi_remove_handle(multi, transfer.easy)
            transfer.finish(HTTPTransportError(kind: .cancelled, url: transfer.url, message: "the transport was shut down"))
        }
        active = [:]
        pool.drain()
        curl_multi_cleanup(multi)
        curl_slist_free_all(expectSuppression)
    }
}
