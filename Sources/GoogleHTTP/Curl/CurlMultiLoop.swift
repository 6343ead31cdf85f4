#if canImport(CCurl)
internal import CCurl
import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes
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
/// Every call on the multi handle, and on easy handles while they are attached to it, happens
/// under `multiLock`. On Linux the loop thread drives curl through its socket API and waits in
/// `epoll_wait` without the lock (curl's sockets, a timerfd for curl's timer and an eventfd for
/// commands), so a calling task can start its own request (`startOnCaller`): on a kept-alive
/// connection the request is on the wire before the task suspends, and nobody wakes the loop
/// thread, which sleeps until the response arrives. Whatever cannot start that way (bodies read
/// from files or streams, a busy lock) goes through `enqueue`, which queues a command and wakes
/// the loop. Elsewhere the loop holds the lock and drives `curl_multi_poll`, and every request
/// is a command. The multi handle owns the connection cache, so connections stay alive across
/// requests and HTTP/2 streams share connections.
final class CurlMultiLoop: @unchecked Sendable {
    enum Command {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
        case resume(CurlTransfer)
        /// A task job scheduled on ``CurlLoopExecutor``.
        case job(UnownedJob)
        /// Resumed as soon as the loop sees it: the loop's hand-off cost without any curl work.
        case ping(UnsafeContinuation<Void, Never>)

        /// Whether handling it calls libcurl (and so needs `multiLock`).
        var needsMulti: Bool {
            switch self {
            case .add, .cancel, .resume: true
            case .job, .ping: false
            }
        }
    }

    struct Inbox {
        var commands: [Command] = []
        var shutdownRequested = false
        var closed = false
    }

    let pool: CurlEasyHandlePool
    /// A header list holding only `Expect:`, shared by requests without custom headers.
    let expectSuppression: UnsafeMutablePointer<curl_slist>?
    let multi: UnsafeMutableRawPointer
    /// Guards the multi handle, the easy handles attached to it and every field below marked
    /// "multi lock". Taken by the loop thread for each round of curl work and by callers starting
    /// a request; callers only ever try it (a cooperative thread must not wait).
    let multiLock = PlainLock<Void>()
    /// An eventfd the loop polls next to curl's sockets; producers write it to wake the loop,
    /// outside the inbox lock (a write is a system call, and holding the lock through it made
    /// producers and the loop spin on each other). It belongs to this object, not to the multi
    /// handle, so it stays valid while anyone can call `enqueue`; closed in `deinit`. -1 where
    /// eventfd is missing: then `curl_multi_wakeup` under the lock, as before.
    let wakeDescriptor: Int32
    /// The loop's epoll set and curl's timer (socket API); both -1 where unavailable.
    let eventDescriptor: Int32
    let timerDescriptor: Int32
    /// Whether the loop drives curl's socket API (Linux), which lets callers start requests.
    let usesSockets: Bool
    let inbox = PlainLock(Inbox())
    /// Mirrors "the inbox is not empty", readable without the lock while the loop spins.
    let hasCommands = Atomic<Bool>(false)
    /// Whether the loop is (about to be) blocked waiting. Together with `hasCommands` this lets
    /// producers skip the wake-up system call while the loop is awake anyway: each side writes
    /// its flag, then reads the other's (sequentially consistent), so at least one notices.
    let isSleeping = Atomic<Bool>(false)
    /// Requests started by their caller (`startOnCaller`), for tests and the benchmark.
    let callerStarts = Atomic<Int>(0)
    /// Off only to measure against (the benchmark's queued `send` row): every request is queued.
    let callerStartEnabled = Atomic<Bool>(true)
    /// Mirrors `active.isEmpty` as of the end of the last round, readable without the multi lock:
    /// a caller looks here before trying the lock, so while transfers run it neither touches the
    /// lock's cache line nor makes the loop's next lock a contended one.
    let looksIdle = Atomic<Bool>(true)
    /// The executor jobs run on; owned by the transport, which may outlive this reference.
    weak var executor: CurlLoopExecutor?

    // MARK: Multi lock

    /// Transfers attached to the multi handle.
    var active: [ObjectIdentifier: CurlTransfer] = [:]
    /// No transfer can have stalled before this; `nil` when none has a stall limit.
    var nextStallCheck: ContinuousClock.Instant?
    /// Set by the body and header callbacks during a round of curl work.
    var receivedInRound = false
    /// Streamed bodies whose waiting consumers get this round's bytes once it ends.
    var channelsToFlush: [CurlResponseChannel] = []
    /// curl asked (through its timer callback) to be called with `CURL_SOCKET_TIMEOUT` right away.
    var timeoutDue = false
    /// When curl wants `CURL_SOCKET_TIMEOUT` next (its timer callback), and when the timerfd
    /// fires; the timer is only re-armed for an earlier deadline (`setTimer`).
    var curlDeadline: ContinuousClock.Instant?
    var armedDeadline: ContinuousClock.Instant?
    /// What curl asked us to watch each socket for (CURL_POLL_IN/OUT bits), and what the epoll
    /// set watches it for: a socket curl stops watching (a connection going back to the cache)
    /// stays registered until it reports an event or is closed, so reusing it costs no system call.
    var wantedSockets: [Int32: Int32] = [:]
    var registeredSockets: [Int32: Int32] = [:]
    /// When the current round of curl work started: the time stall windows use, so a round
    /// reads the clock once, not for every callback.
    var roundStartedAt = ContinuousClock.now
    /// Whether the last request attached came through the command queue: only then can the
    /// next one be expected there, worth the loop's command spin (`startOnCaller` clears it).
    var lastAddWasQueued = true
    /// Set by `tearDown`: the multi handle is gone.
    var multiClosed = false

    // MARK: Loop thread

    /// Right after going idle, the next request usually follows within microseconds (a sequential
    /// caller preparing it): watching for it briefly saves a sleep and a wake-up per request.
    var commandSpin = CurlSpinWindow(length: .microseconds(50))
    // Not done, both measured slower on a loaded 2-core machine: spinning on curl's sockets while a
    // response is due, saving this thread's own wake-up (0.49× against 0.57× raw C), and
    // stretching this window up to 250 µs to cover a typed caller's decode between requests (15%
    // fewer typed calls). A spin takes a core from the server and from the task about to run.

    init?(configuration: HTTPTransportConfiguration) {
        guard CurlGlobal.ensureInitialized(), let multi = curl_multi_init() else { return nil }
        self.multi = multi
        let wake = ccurl_wake_fd()
        var events = ccurl_epoll_create()
        var timer = ccurl_timer_fd()
        if wake < 0 || events < 0 || timer < 0
            || ccurl_epoll_watch(events, wake, Int32(CURL_POLL_IN), 0) != 0
            || ccurl_epoll_watch(events, timer, Int32(CURL_POLL_IN), 0) != 0
        {
            if events >= 0 { close(events) }
            if timer >= 0 { close(timer) }
            events = -1
            timer = -1
        }
        self.wakeDescriptor = wake
        self.eventDescriptor = events
        self.timerDescriptor = timer
        self.usesSockets = events >= 0
        self.pool = CurlEasyHandlePool(configuration: configuration)
        self.expectSuppression = curl_slist_append(nil, "Expect:")
        ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, ccurl_pipe_multiplex)
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(0, configuration.maxConnectionsPerHost))
        ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(0, configuration.maxConnectionsTotal))
        ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(1, configuration.idleConnectionCacheSize))
        if usesSockets {
            // Unretained: curl calls these only from calls on the multi handle, which this object owns.
            let userp = Unmanaged.passUnretained(self).toOpaque()
            ccurl_multi_setopt_socket_callback(multi, curlSocketCallback)
            ccurl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, userp)
            ccurl_multi_setopt_timer_callback(multi, curlTimerCallback)
            ccurl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, userp)
        }
        let thread = Thread { [self] in
            // Named from inside: Foundation on Linux does not pass Thread.name to the kernel.
            ccurl_name_current_thread("CurlTransport")
            run()
        }
        thread.start()
    }

    deinit {
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        if eventDescriptor >= 0 { close(eventDescriptor) }
        if timerDescriptor >= 0 { close(timerDescriptor) }
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

    /// Makes the loop's wait return (now, or at once the next time it waits).
    func signalWake() {
        var one: UInt64 = 1
        _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Fails or re-routes a command that arrived after shutdown.
    func reject(_ command: Command) {
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

    // MARK: - Commands

    /// Handles a command; those that call libcurl (`needsMulti`) run under `multiLock`.
    func handle(_ command: Command) {
        switch command {
        case .add(let transfer):
            lastAddWasQueued = true
            attach(transfer)
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
            transfer.stallWatch?.restart(at: roundStartedAt)
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

    /// Attaches `transfer` to the multi handle (multi lock, `roundStartedAt` current). With the socket API, curl then asks
    /// through its timer callback to be driven at once (`timeoutDue`), which `finishRound` does.
    func attach(_ transfer: CurlTransfer) {
        guard !transfer.isCancellationRequested else {
            transfer.finish(transfer.cancellationError())
            pool.giveBack(transfer.handle)
            return
        }
        let now = roundStartedAt
        transfer.startedAt = now
        if usesSockets, !transfer.handle.reportsClosedSockets {
            // Tells `socketClosed` which descriptors leave the epoll set (see `wantedSockets`).
            transfer.handle.reportsClosedSockets = true
            ccurl_easy_setopt_closesocket_callback(transfer.easy, curlCloseSocketCallback, Unmanaged.passUnretained(self).toOpaque())
        }
        let code = curl_multi_add_handle(multi, transfer.easy)
        guard code == CURLM_OK else {
            let message = String(cString: curl_multi_strerror(code))
            transfer.finish(HTTPTransportError(kind: .other, url: transfer.url, message: message, code: Int(code.rawValue)))
            pool.giveBack(transfer.handle)
            return
        }
        active[ObjectIdentifier(transfer)] = transfer
        if let stall = transfer.timeouts.stall {
            let watch = HTTPStallWatch(period: stall, minimumBytesPerSecond: transfer.timeouts.stallMinimumBytesPerSecond, now: now)
            transfer.stallWatch = watch
            nextStallCheck = min(nextStallCheck ?? watch.deadline, watch.deadline)
        }
    }

    // MARK: - Streamed bodies

    /// Called by a write callback (multi lock) for a channel whose consumer waits.
    func flushAfterRound(_ channel: CurlResponseChannel) {
        channelsToFlush.append(channel)
    }

    /// Hands each waiting consumer everything its body received this round, in one wake-up.
    func flushChannels() {
        guard !channelsToFlush.isEmpty else { return }
        let channels = channelsToFlush
        channelsToFlush.removeAll(keepingCapacity: true)
        for channel in channels {
            channel.flush()
        }
    }

    // MARK: - Completion

    func collectFinished() {
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

    /// Multi lock, loop thread, once: fails what is left and frees the multi handle.
    func tearDown() {
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
        multiClosed = true
        pool.drain()
        curl_multi_cleanup(multi)
        curl_slist_free_all(expectSuppression)
    }
}
#endif
