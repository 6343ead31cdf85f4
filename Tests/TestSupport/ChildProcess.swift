import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ChildProcess

/// Runs an executable as a user would — a separate process, its own environment, standard output
/// and error captured, the exit status returned — without blocking a cooperative thread: the
/// waits and the pipe reads happen on Dispatch threads, because servers the process talks to
/// (the emulator) may run in this same test process.
///
/// Spawned with `posix_spawn` rather than Foundation's `Process`: on Linux, `Process.run()` in
/// Swift 6.3.1's Foundation scans `/proc/self/fd` with a 256-byte over-read
/// (swift-corelibs-foundation #5472, fixed upstream after this toolchain) and crashed this test
/// process, which holds many sockets, in a CI run.
public enum ChildProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        /// Standard output as bytes (for binary output such as gzip's).
        public var outputData: Data
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The folder holding the package's built executables: the nearest folder above the test
    /// bundle that contains `executable`.
    public static func productsDirectory(containing executable: String) -> URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent(executable).path) {
                return url
            }
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// Runs `executable` with `arguments`, terminating it after `timeout`.
    /// - Parameters:
    ///   - directory: The working directory (this process's by default).
    ///   - environment: The child's whole environment (this process's by default).
    ///   - timeout: After this the child is sent SIGTERM; a hang becomes a failed result.
    public static func run(
        _ executable: URL, _ arguments: [String], directory: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, timeout: Duration = .seconds(120)
    ) async throws -> Result {
        let child = try start(executable, arguments, directory: directory, environment: environment)
        let watchdog = DispatchWorkItem { child.signal(SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout.components.seconds)), execute: watchdog)
        defer { watchdog.cancel() }
        return await child.finish()
    }

    /// Starts `executable`; its output is read from the start (so it never blocks on a full pipe)
    /// and handed over by ``Running/finish()``.
    public static func start(
        _ executable: URL, _ arguments: [String], directory: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Running {
        var argv = [executable.path] + arguments
        var path = executable.path
        if let directory {
            // posix_spawn's chdir action is not visible to Swift here: a POSIX shell changes
            // directory, then becomes the program.
            path = "/bin/sh"
            argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory.path] + argv
        }
        // One start at a time: another start's child cannot inherit these pipes in the instant
        // before they are marked close-on-exec (it would hold this child's output open, and the
        // reads below would wait for that other child to exit).
        let (processID, output, error) = try spawnLock.withLock {
            let output = try makePipe()
            let error = try makePipe()
            let processID = try spawn(path, argv, environment: environment, output: output.write, error: error.write)
            close(output.write)
            close(error.write)
            return (processID, output.read, error.read)
        }
        return Running(processID: processID, output: output, error: error)
    }

    /// Held while a child is started (a few milliseconds; never across a wait for the child).
    private static let spawnLock = NSLock()

    /// A started child process.
    public final class Running: Sendable {
        public let processID: pid_t
        private let standardOutput: Task<Data, Never>
        private let standardError: Task<Data, Never>

        init(processID: pid_t, output: Int32, error: Int32) {
            self.processID = processID
            standardOutput = Task.detached { await ChildProcess.drain(output) }
            standardError = Task.detached { await ChildProcess.drain(error) }
        }

        /// Whether the child has exited (without reaping it: ``finish()`` still gets its status).
        public var hasExited: Bool {
            var information = siginfo_t()
            let result = waitid(P_PID, id_t(processID), &information, WEXITED | WNOHANG | WNOWAIT)
            return result == 0 && information._sifields._sigchld.si_pid == processID
        }

        /// Sends `signal` to the child.
        public func signal(_ signal: Int32) {
            _ = kill(processID, signal)
        }

        /// Waits for the child to exit (on a Dispatch thread) and returns what it printed.
        public func finish() async -> Result {
            let outputData = await standardOutput.value
            let errorData = await standardError.value
            let processID = self.processID
            let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
                DispatchQueue.global().async { continuation.resume(returning: ChildProcess.waitForExit(processID)) }
            }
            return Result(
                status: status,
                standardOutput: String(decoding: outputData, as: UTF8.self),
                standardError: String(decoding: errorData, as: UTF8.self),
                outputData: outputData)
        }
    }

    // MARK: - Plumbing

    /// A pipe whose ends other children do not inherit (the child gets its end through `dup2`,
    /// which clears close-on-exec). `pipe2` is not visible to Swift here, so the instant between
    /// `pipe` and `fcntl` is covered by ``spawnLock`` instead (for children started here).
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw SpawnError(description: "pipe failed: errno \(errno)") }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

    private static func spawn(
        _ path: String, _ argv: [String], environment: [String: String], output: Int32, error: Int32
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        // Nothing else reaches the child, as with Foundation's Process: a test's client socket
        // inherited by a long-lived child (a `swift build`) would keep its connection open after
        // the test closed it. glibc ignores a close action on a descriptor closed meanwhile.
        for descriptor in openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        let arguments = argv.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var processID: pid_t = 0
        let result = posix_spawn(&processID, path, &actions, nil, arguments, variables)
        guard result == 0 else {
            close(output)
            close(error)
            throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(result)))")
        }
        return processID
    }

    /// This process's open descriptors, from `/proc/self/fd` (FileManager reads directory entries
    /// by their real length; the over-read is in Process's own scan).
    private static func openDescriptors() -> [Int32] {
        #if os(Linux)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.compactMap { Int32($0) }
        #else
        return Array(3..<Int32(256))
        #endif
    }

    /// Reads `descriptor` to its end on a Dispatch thread, then closes it.
    fileprivate static func drain(_ descriptor: Int32) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    data.append(contentsOf: buffer[0..<count])
                }
                close(descriptor)
                continuation.resume(returning: data)
            }
        }
    }

    /// The exit status, or 128 + the signal number for a killed child (as a shell reports it).
    fileprivate static func waitForExit(_ processID: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
