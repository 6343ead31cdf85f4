import Foundation
internal import CCurl

// MARK: - Starting on the caller's thread

extension CurlMultiLoop {
    /// Attaches `transfer` and drives curl once on the calling thread, if the multi lock is free
    /// right now and no other transfer is running: on a kept-alive connection the request is sent before this returns, and the
    /// loop thread, asleep in `epoll_wait`, is not woken until the response arrives (waking it
    /// for a command cost the caller ~20 µs of CPU per request). Never waits for the lock: a busy
    /// lock means the loop is awake and working, and `enqueue` is then as cheap.
    /// - Returns: `false` when the transfer was not started; it must then be enqueued.
    func startOnCaller(_ transfer: CurlTransfer) -> Bool {
        guard usesSockets, transfer.canStartOnCaller else { return false }
        let outcome = multiLock.withLockIfAvailable { _ -> (started: Bool, received: Bool)? in
            guard !multiClosed else { return nil }
            // Only onto an idle multi handle. With transfers running, the loop wakes for their
            // sockets anyway and takes the command then; a caller in the middle of their work
            // (completing other tasks' transfers, the loop blocked on the lock meanwhile) measured
            // slower with 8 concurrent calls (0.36–0.39× raw C against 0.37–0.38× queued).
            guard active.isEmpty else { return nil }
            // The loop sleeps at most a second, and longer stall limits start checking when it
            // next wakes, before they can run out (shorter ones go through the loop).
            roundStartedAt = .now
            let loopReceived = receivedInRound
            receivedInRound = false
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
        if what == ccurl_poll_remove {
            if watchedSockets.remove(socket) != nil {
                _ = ccurl_epoll_unwatch(eventDescriptor, socket)
            }
            return
        }
        let registered = watchedSockets.contains(socket)
        if ccurl_epoll_watch(eventDescriptor, socket, what, registered ? 1 : 0) == 0 {
            watchedSockets.insert(socket)
        }
    }

    /// curl's timer callback: `timeoutMilliseconds` from now curl wants `CURL_SOCKET_TIMEOUT`;
    /// 0 means before the current round ends, -1 never.
    func setTimer(milliseconds timeoutMilliseconds: Int) {
        if timeoutMilliseconds == 0 {
            timeoutDue = true
        } else if timeoutMilliseconds < 0 {
            if timerArmed {
                timerArmed = false
                _ = ccurl_timer_set(timerDescriptor, -1)
            }
        } else {
            // Arming from a caller's thread does not wake the loop unless the timer fires first.
            timerArmed = true
            _ = ccurl_timer_set(timerDescriptor, timeoutMilliseconds)
        }
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
