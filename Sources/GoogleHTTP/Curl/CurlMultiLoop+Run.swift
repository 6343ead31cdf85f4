#if canImport(CCurl)
internal import CCurl
import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The loop thread

extension CurlMultiLoop {
    func run() {
        if usesSockets {
            runWithSockets()
        } else {
            runWithPoll()
        }
    }

    /// Takes the queued commands; returns whether shutdown was requested.
    private func takeCommands(into batch: inout [Command]) -> Bool {
        // The lock is only taken when there is something to take: a producer holding it while
        // this thread spins on it costs both sides a futex call (shutdown sets the flag too).
        guard hasCommands.load(ordering: .acquiring) else { return false }
        return inbox.withLock { inbox -> Bool in
            swap(&inbox.commands, &batch)
            hasCommands.store(false, ordering: .relaxed)
            return inbox.shutdownRequested
        }
    }

    // MARK: - Socket API (Linux)

    /// Waits in `epoll_wait` without the multi lock, so callers can start requests meanwhile;
    /// each wake-up is one round under the lock: queued curl commands, the sockets that are
    /// ready, curl's timer, then completions.
    private func runWithSockets() {
        var batch: [Command] = []
        batch.reserveCapacity(64)
        let capacity = 64
        var descriptors = [Int32](repeating: 0, count: capacity)
        var selects = [Int32](repeating: 0, count: capacity)
        var readyCount = 0
        var timedOut = false
        while true {
            let stopping = takeCommands(into: &batch)
            var ranTaskCode = false
            let (timeout, spinsForCommands) = multiLock.withLock { () -> (Int32, Bool) in
                roundStartedAt = .now
                receivedInRound = false
                for command in batch where command.needsMulti {
                    handle(command)
                }
                var running: Int32 = 0
                var timerFired = false
                for index in 0..<readyCount {
                    let descriptor = descriptors[index]
                    if descriptor == wakeDescriptor {
                        // Reset the counter; commands written meanwhile are in the inbox already.
                        var count: UInt64 = 0
                        _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
                    } else if descriptor == timerDescriptor {
                        var expirations: UInt64 = 0
                        _ = read(timerDescriptor, &expirations, MemoryLayout<UInt64>.size)
                        armedDeadline = nil
                        timeoutDue = true
                        timerFired = true
                    } else {
                        socketEvent(descriptor, selects: selects[index], running: &running)
                    }
                }
                if timedOut, !active.isEmpty {
                    // See `pollTimeoutMilliseconds`: input curl read but left unprocessed.
                    ccurl_multi_socket_all(multi, &running)
                }
                finishRound()
                if timerFired { rearmTimer() }
                // A caller that starts its own requests never queues the next one.
                return (pollTimeoutMilliseconds(), active.isEmpty && lastAddWasQueued)
            }
            readyCount = 0
            timedOut = false
            for command in batch where !command.needsMulti {
                handle(command)
                ranTaskCode = true
            }
            batch.removeAll(keepingCapacity: true)
            if stopping {
                multiLock.withLock { tearDown() }
                return
            }
            // Task code may have started requests, which changes how long to sleep.
            if ranTaskCode || hasCommands.load(ordering: .acquiring) { continue }
            if spinsForCommands {
                if commandSpin.spin(checkingEvery: 64, until: { hasCommands.load(ordering: .acquiring) }) { continue }
            }
            isSleeping.store(true, ordering: .sequentiallyConsistent)
            if hasCommands.load(ordering: .sequentiallyConsistent) {
                isSleeping.store(false, ordering: .relaxed)
                continue
            }
            let count = descriptors.withUnsafeMutableBufferPointer { descriptors in
                selects.withUnsafeMutableBufferPointer { selects in
                    ccurl_epoll_wait(eventDescriptor, descriptors.baseAddress, selects.baseAddress, Int32(capacity), timeout)
                }
            }
            isSleeping.store(false, ordering: .relaxed)
            readyCount = max(0, Int(count))
            timedOut = count == 0
        }
    }

    /// Drives curl until it has nothing due right now, then publishes the round's results (multi
    /// lock; loop thread or a caller that started a request).
    func finishRound() {
        var running: Int32 = 0
        repeat {
            while timeoutDue {
                timeoutDue = false
                curl_multi_socket_action(multi, ccurl_socket_timeout, 0, &running)
            }
            collectFinished()
        } while timeoutDue
        flushChannels()
        failStalledTransfers()
        looksIdle.store(active.isEmpty, ordering: .relaxed)
    }

    // MARK: - curl_multi_poll (elsewhere)

    /// The portable loop: holds the multi lock throughout (callers never start requests) and
    /// sleeps in `curl_multi_poll`, woken by the eventfd or `curl_multi_wakeup`.
    private func runWithPoll() {
        var batch: [Command] = []
        batch.reserveCapacity(64)
        multiLock.withLock {
            while true {
                let stopping = takeCommands(into: &batch)
                roundStartedAt = .now
                for command in batch {
                    handle(command)
                }
                batch.removeAll(keepingCapacity: true)
                if stopping {
                    tearDown()
                    return
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
                        var count: UInt64 = 0
                        _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
                    }
                } else {
                    curl_multi_poll(multi, nil, 0, pollTimeoutMilliseconds(), &readyDescriptors)
                }
                isSleeping.store(false, ordering: .relaxed)
            }
        }
    }

    // MARK: - Stalls

    /// At most a second, so commands are never missed for long, and no later than the next
    /// possible stall, which gives stall limits the clock's resolution rather than curl's seconds.
    ///
    /// After a round that received bytes, at most 2 ms: libcurl 7.88 may leave input it already
    /// pulled off the socket (decrypted TLS records, other HTTP/2 streams' frames) unprocessed
    /// without asking for a timeout, and the socket then stays quiet, so the wait would sleep
    /// its full second (seen as 1 s stalls with 8 requests multiplexed over HTTPS + HTTP/2). A
    /// wait that times out with transfers running walks every transfer (`curl_multi_perform`,
    /// or `curl_multi_socket_all` with the socket API) and drains it.
    func pollTimeoutMilliseconds() -> Int32 {
        let ceiling = receivedInRound && !active.isEmpty ? 2 : 1000
        guard let nextStallCheck else { return Int32(ceiling) }
        // The round's start time is good enough to tell a check more than a second away.
        var remaining = roundStartedAt.duration(to: nextStallCheck)
        guard remaining < .milliseconds(1100) else { return Int32(ceiling) }
        remaining = ContinuousClock.now.duration(to: nextStallCheck)
        guard remaining > .zero else { return 0 }
        return Int32(min(ceiling, CurlTransfer.milliseconds(remaining)))
    }

    /// Fails transfers whose stall window ran out; paused or still-connecting ones start afresh.
    func failStalledTransfers() {
        // A round that started just before the check is due leaves it to the next, at once
        // (`pollTimeoutMilliseconds` says 0).
        guard let due = nextStallCheck, roundStartedAt >= due else { return }
        let now = ContinuousClock.now
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
}
#endif
