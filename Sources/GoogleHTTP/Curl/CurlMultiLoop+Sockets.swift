#if canImport(CCurl)
internal import CCurl
import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - Starting on the caller's thread

extension CurlMultiLoop {
    /// Attaches `transfer` and drives curl once on the calling thread, if the multi lock is free
    /// right now and no other transfer is running: on a kept-alive connection the request is
    /// sent before this returns, and the loop thread, asleep in `epoll_wait`, is not woken until
    /// the response arrives (waking it for a command cost the caller ~20 µs of CPU per request).
    /// Never waits for the lock (nor tries it while the loop last saw transfers running, see
    /// `looksIdle`): a busy lock means the loop is awake and working, and `enqueue`
    /// is then as cheap. Stall limits the loop might not start checking in time stay queued
    /// (``CurlTransfer/canStartOnCaller``): it sleeps at most a second.
    /// - Returns: `false` when the transfer was not started; it must then be enqueued.
    func startOnCaller(_ transfer: CurlTransfer) -> Bool {
        guard usesSockets, transfer.canStartOnCaller, callerStartEnabled.load(ordering: .relaxed),
            looksIdle.load(ordering: .relaxed)
        else { return false }
        let outcome = multiLock.withLockIfAvailable { () -> (started: Bool, received: Bool)? in
            guard !multiClosed else { return nil }
            // Only onto an idle multi handle. With transfers running the loop wakes for their
            // sockets anyway and takes a queued request then, while a caller starting it in the
            // middle of their work (completing other tasks' transfers, the loop blocked on the
            // lock meanwhile) measured slower: 8 typed calls at a time made 17.3–20.5k calls in
            // 2 s starting every request on the caller, 19.4–22.6k starting only onto an idle handle.
            guard active.isEmpty else { return nil }
            roundStartedAt = .now
            let loopReceived = receivedInRound
            receivedInRound = false
            lastAddWasQueued = false
            attach(transfer)
            finishRound()
            let received = receivedInRound && !active.isEmpty
            receivedInRound = loopReceived || receivedInRound
            return (true, received)
        }
        guard let outcome, let outcome else { return false }
        callerStarts.add(1, ordering: .relaxed)
        if outcome.received, isSleeping.load(ordering: .sequentiallyConsistent) {
            // Bytes arrived while starting (HTTP/2 frames of other streams): the loop's wait may
            // have no 2 ms cap for input curl left unprocessed, so let it look.
            signalWake()
        }
        return outcome.started
    }

    // MARK: - Callbacks (multi lock)

    /// curl's socket callback: keeps the epoll set in step with the sockets curl waits on.
    func watchSocket(_ socket: Int32, what: Int32) {
        guard what != ccurl_poll_remove else {
            // Left registered (see `wantedSockets`); `socketEvent` drops it if it ever reports.
            wantedSockets[socket] = nil
            return
        }
        wantedSockets[socket] = what
        let registered = registeredSockets[socket]
        guard registered != what else { return }
        if ccurl_epoll_watch(eventDescriptor, socket, what, registered == nil ? 0 : 1) == 0 {
            registeredSockets[socket] = what
        }
    }

    /// An event from the epoll set for one of curl's sockets (loop thread).
    func socketEvent(_ socket: Int32, selects: Int32, running: inout Int32) {
        guard wantedSockets[socket] != nil else {
            // An idle cached connection (the server closing it, say): curl will notice when it
            // next looks at it; until then the socket leaves the set, or its event repeats.
            if registeredSockets.removeValue(forKey: socket) != nil {
                _ = ccurl_epoll_unwatch(eventDescriptor, socket)
            }
            return
        }
        curl_multi_socket_action(multi, socket, selects, &running)
    }

    /// curl's close-socket callback: a closed descriptor leaves the epoll set by itself, and the
    /// number may come back as another socket, which must then be added afresh.
    func socketClosed(_ socket: Int32) {
        wantedSockets[socket] = nil
        if registeredSockets.removeValue(forKey: socket) != nil {
            _ = ccurl_epoll_unwatch(eventDescriptor, socket)
        }
    }

    /// curl's timer callback: `timeoutMilliseconds` from now curl wants `CURL_SOCKET_TIMEOUT`;
    /// 0 means before the current round ends, -1 never.
    ///
    /// curl moves its timer on most calls, and each `timerfd_settime` is a system call (16 % of
    /// the curl thread's time when done every time), so the timer is only moved earlier: one
    /// that fires before curl's deadline wakes the loop, which re-arms it (`rearmTimer`), and
    /// one left armed after curl cancels its timer fires once for nothing.
    func setTimer(milliseconds timeoutMilliseconds: Int) {
        guard timeoutMilliseconds != 0 else {
            timeoutDue = true
            return
        }
        guard timeoutMilliseconds > 0 else {
            curlDeadline = nil
            return
        }
        // Not the round's start: a deadline computed early would fire before curl's, and curl
        // does not repeat a timer it already reported.
        let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        curlDeadline = deadline
        if let armedDeadline, armedDeadline <= deadline { return }
        // Arming from a caller's thread does not wake the loop unless the timer fires first.
        armedDeadline = deadline
        _ = ccurl_timer_set(timerDescriptor, timeoutMilliseconds)
    }

    /// After the timer fired: arms it for curl's current deadline, if any (loop thread).
    func rearmTimer() {
        guard armedDeadline == nil, let curlDeadline else { return }
        let now = ContinuousClock.now
        // A deadline curl has not acted on yet (its clock read a little later): look again soon.
        let remaining = max(now.duration(to: curlDeadline), .milliseconds(1))
        armedDeadline = now + remaining
        _ = ccurl_timer_set(timerDescriptor, CurlTransfer.milliseconds(remaining))
    }
}

// MARK: - C callbacks

func curlSocketCallback(
    _ easy: UnsafeMutableRawPointer?, _ socket: curl_socket_t, _ what: Int32, _ userp: UnsafeMutableRawPointer?,
    _ socketp: UnsafeMutableRawPointer?
) -> Int32 {
    guard let userp else { return 0 }
    Unmanaged<CurlMultiLoop>.fromOpaque(userp).takeUnretainedValue().watchSocket(socket, what: what)
    return 0
}

func curlTimerCallback(_ multi: UnsafeMutableRawPointer?, _ timeoutMilliseconds: Int, _ userp: UnsafeMutableRawPointer?) -> Int32 {
    guard let userp else { return 0 }
    Unmanaged<CurlMultiLoop>.fromOpaque(userp).takeUnretainedValue().setTimer(milliseconds: timeoutMilliseconds)
    return 0
}

func curlCloseSocketCallback(_ clientp: UnsafeMutableRawPointer?, _ socket: curl_socket_t) -> Int32 {
    if let clientp {
        Unmanaged<CurlMultiLoop>.fromOpaque(clientp).takeUnretainedValue().socketClosed(socket)
    }
    return SystemCall.close(socket) == 0 ? 0 : 1
}
#endif
