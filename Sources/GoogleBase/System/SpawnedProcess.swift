import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SpawnedProcess

/// A child process started with `posix_spawn`, inheriting nothing but the descriptors it is given.
///
/// The package's one home for starting programs (the browser opener; the tests' child processes).
/// Foundation's `Process` is avoided on purpose: in Swift 6.3.1 on Linux, `Process.run()` scans
/// `/proc/self/fd` with a 256-byte over-read (swift-corelibs-foundation #5472) that crashes a
/// process holding many descriptors — exactly an app server that starts a login. Starting is
/// quick and never waits for the child; ``exitStatus()`` polls without blocking, and
/// ``waitForExit()`` blocks, so it belongs on a thread of its own, never a cooperative one.
package struct SpawnedProcess: Sendable {
    /// The child's process ID.
    package let processID: pid_t

    /// Why a program could not be started.
    package struct SpawnError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Starts `path` with `arguments` (the whole argument vector, its first element included).
    ///
    /// Standard input, output and error are `/dev/null` unless a descriptor is given for them;
    /// every other descriptor of this process is closed in the child, whether or not it was
    /// marked close-on-exec, so a browser cannot hold an app's sockets or files open. The child
    /// starts with no signal blocked and every signal at its default action.
    /// - Parameters:
    ///   - path: The executable (no `PATH` search).
    ///   - arguments: `argv`, starting with the program's name.
    ///   - environment: The child's whole environment.
    ///   - standardOutput: A descriptor to become the child's standard output, or `nil`.
    ///   - standardError: A descriptor to become the child's standard error, or `nil`.
    /// - Throws: ``SpawnError`` naming the executable and the system's reason.
    package static func start(
        _ path: String, arguments: [String], environment: [String: String],
        standardOutput: Int32? = nil, standardError: Int32? = nil
    ) throws(SpawnError) -> SpawnedProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The given descriptors first, so one of them being 0–2 is duplicated before /dev/null
        // takes that number.
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if standardOutput == nil { posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) }
        if standardError == nil { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        // glibc ignores a close action on a descriptor another thread closed meanwhile.
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        let argv = arguments.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            variables.forEach { free($0) }
        }
        // The child starts with no blocked signals and every signal at its default action, as
        // with Foundation's Process: otherwise it inherits the mask of the calling thread (a
        // Dispatch worker blocks nearly all signals), and a browser could not be stopped with
        // SIGTERM or Ctrl-C.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var processID: pid_t = 0
        let result = posix_spawn(&processID, path, &actions, &attributes, argv, variables)
        guard result == 0 else {
            throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        return SpawnedProcess(processID: processID)
    }

    // MARK: - Exit

    /// The exit status if the child has exited (reaping it), `nil` while it runs. Never blocks.
    /// A child killed by a signal reports 128 + the signal number, as a shell does.
    package func exitStatus() -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(processID, &status, WNOHANG)
            if result == processID { return Self.decode(status) }
            if result == 0 { return nil }
            guard errno == EINTR else { return -1 }
        }
    }

    /// Blocks until the child exits, reaps it and returns its status (see ``exitStatus()``).
    /// Call it on a thread of its own, never from a cooperative one.
    package func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return Self.decode(status)
    }

    /// Sends `signal` to the child.
    package func signal(_ signal: Int32) {
        _ = kill(processID, signal)
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// This process's open descriptors: `/proc/self/fd` on Linux (FileManager reads directory
    /// entries by their real length; the over-read is in `Process`'s own scan); elsewhere every
    /// descriptor below the soft limit, capped, since closing an unused one is harmless.
    private static func openDescriptors() -> [Int32] {
        #if os(Linux)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
        #else
        var limit = rlimit()
        let ceiling = getrlimit(RLIMIT_NOFILE, &limit) == 0 ? min(Int(limit.rlim_cur), 4096) : 256
        return Array(3..<Int32(ceiling))
        #endif
    }
}
