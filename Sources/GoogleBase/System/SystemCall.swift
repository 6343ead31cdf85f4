#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SystemCall

/// The package's one home for the C library calls and constants that differ between platforms.
///
/// Types that have a `close()` or `read(...)` method of their own must name the C function with its
/// module (`Glibc.close`), which would tie them to one C library; they call these instead. The
/// socket constants differ in type (an enum on Glibc, `Int32` on Darwin) or exist on Linux only
/// (`SOCK_CLOEXEC`, `MSG_NOSIGNAL`), so each is resolved here once. Only Linux is built and tested
/// in CI; `.ci/check-platform-guards.py` keeps new code from bypassing this file.
package enum SystemCall {
    // MARK: - Descriptors

    /// `close(2)`.
    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #elseif canImport(Musl)
        Musl.close(descriptor)
        #elseif canImport(Darwin)
        Darwin.close(descriptor)
        #endif
    }

    /// `read(2)`.
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
        #elseif canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// `write(2)`.
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer, count)
        #elseif canImport(Darwin)
        Darwin.write(descriptor, buffer, count)
        #endif
    }

    // MARK: - Sockets

    /// `SOCK_STREAM` as the `Int32` that `socket(2)` takes.
    package static var streamSocketType: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        Int32(SOCK_STREAM)
        #endif
    }

    /// A stream socket that child processes do not inherit and that never raises SIGPIPE (Linux
    /// sets both atomically; elsewhere they are set right after creation).
    /// - Returns: The descriptor, or -1 with `errno` set.
    package static func streamSocket(domain: Int32) -> Int32 {
        #if canImport(Glibc)
        return socket(domain, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #elseif canImport(Musl)
        return socket(domain, Int32(SOCK_STREAM) | Int32(SOCK_CLOEXEC), 0)
        #else
        let descriptor = socket(domain, Int32(SOCK_STREAM), 0)
        guard descriptor >= 0 else { return descriptor }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
        #endif
    }

    /// Marks an accepted connection close-on-exec (`accept4` is not exported to Swift) and, where
    /// `MSG_NOSIGNAL` does not exist, tells the socket not to raise SIGPIPE.
    package static func prepareAcceptedSocket(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if !canImport(Glibc) && !canImport(Musl)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// `listen(2)`.
    package static func listen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.listen(descriptor, backlog)
        #elseif canImport(Musl)
        Musl.listen(descriptor, backlog)
        #elseif canImport(Darwin)
        Darwin.listen(descriptor, backlog)
        #endif
    }

    /// `connect(2)`.
    package static func connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
        #elseif canImport(Musl)
        Musl.connect(descriptor, address, length)
        #elseif canImport(Darwin)
        Darwin.connect(descriptor, address, length)
        #endif
    }

    /// `send(2)` that reports a closed peer as `EPIPE` instead of killing the process with SIGPIPE
    /// (`MSG_NOSIGNAL` on Linux; `SO_NOSIGPIPE`, set by ``streamSocket(domain:)`` and
    /// ``prepareAcceptedSocket(_:)``, elsewhere).
    /// - Parameter flags: Other `MSG_` flags, e.g. `MSG_DONTWAIT`.
    package static func send(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, flags: Int32 = 0) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, buffer, count, Int32(MSG_NOSIGNAL) | flags)
        #elseif canImport(Musl)
        Musl.send(descriptor, buffer, count, Int32(MSG_NOSIGNAL) | flags)
        #elseif canImport(Darwin)
        Darwin.send(descriptor, buffer, count, flags)
        #endif
    }

    // MARK: - Pipes

    /// `write(2)` to a pipe, FIFO or terminal that reports a reader gone away as `EPIPE` instead
    /// of killing the whole process with SIGPIPE (whose default action ends it): the library
    /// writes downloads into such files for apps that never asked to handle that signal. On
    /// Linux, SIGPIPE is blocked for this thread during the call and the one the write raised is
    /// taken back (`sigtimedwait`) before the mask is restored; on Apple platforms the file is
    /// marked `F_SETNOSIGPIPE`.
    package static func writeWithoutSIGPIPE(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Darwin)
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        return Darwin.write(descriptor, buffer, count)
        #else
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        // One pending already (sent by someone else) is left for the process to receive.
        var pending = sigset_t()
        sigpending(&pending)
        let pendingBefore = sigismember(&pending, SIGPIPE) == 1
        #if canImport(Glibc)
        let written = Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        let written = Musl.write(descriptor, buffer, count)
        #endif
        let code = errno
        // Linux raises SIGPIPE also for a write that got some bytes through before the reader
        // left (it returns their count), so what decides is whether one is pending now.
        sigpending(&pending)
        if !pendingBefore, sigismember(&pending, SIGPIPE) == 1 {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &now) < 0, errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = code
        return written
        #endif
    }
}
