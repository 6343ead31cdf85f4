import Foundation
import GoogleBase
import GoogleHTTPTypes
import Synchronization

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
/// Spawned through the package's `SpawnedProcess` (`posix_spawn`) rather than Foundation's
/// `Process`: on Linux, `Process.run()` in Swift 6.3.1's Foundation scans `/proc/self/fd` with a
/// 256-byte over-read (swift-corelibs-foundation #5472, fixed upstream after this toolchain) and
/// crashed this test process, which holds many sockets, in a CI run. Nothing but the three
/// standard descriptors reaches the child: a test's client socket inherited by a long-lived child
/// (a `swift build`) would keep its connection open after the test closed it.
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
        let (process, output, error) = try spawnLock.withLock {
            let output = try makePipe()
            let error = try makePipe()
            let process = try spawn(path, argv, environment: environment, output: output.write, error: error.write)
            close(output.write)
            close(error.write)
            return (process, output.read, error.read)
        }
        return Running(process: process, output: output, error: error)
    }

    /// Held while a child is started (a few milliseconds; never across a wait for the child).
    private static let spawnLock = NSLock()

    /// A started child process.
    public final class Running: Sendable {
        private let process: SpawnedProcess
        public var processID: pid_t { process.processID }
        private let standardOutput: Task<Data, Never>
        private let standardError: Task<Data, Never>
        /// What the child wrote to standard error so far.
        private let errorSoFar = Received()

        init(process: SpawnedProcess, output: Int32, error: Int32) {
            self.process = process
            let errorSoFar = self.errorSoFar
            standardOutput = Task.detached { await ChildProcess.drain(output) }
            standardError = Task.detached { await ChildProcess.drain(error) { piece in errorSoFar.data.withLock { $0.append(piece) } } }
        }

        /// What the child has written to standard error so far (while it runs; ``finish()``
        /// returns all of it).
        public var standardErrorSoFar: String {
            errorSoFar.data.withLock { String(decoding: $0, as: UTF8.self) }
        }

        /// Whether the child has exited (without reaping it: ``finish()`` still gets its status).
        public var hasExited: Bool {
            var information = siginfo_t()
            let result = waitid(P_PID, id_t(processID), &information, WEXITED | WNOHANG | WNOWAIT)
            return result == 0 && information._sifields._sigchld.si_pid == processID
        }

        /// Sends `signal` to the child.
        public func signal(_ signal: Int32) {
            process.signal(signal)
        }

        /// Bytes received so far, shared with the thread that reads them.
        private final class Received: Sendable {
            let data = Mutex(Data())
        }

        /// Waits for the child to exit (on a Dispatch thread) and returns what it printed.
        public func finish() async -> Result {
            let outputData = await standardOutput.value
            let errorData = await standardError.value
            let process = self.process
            let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
                DispatchQueue.global().async { continuation.resume(returning: process.waitForExit()) }
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
    ) throws -> SpawnedProcess {
        do {
            return try SpawnedProcess.start(
                path, arguments: argv, environment: environment, standardOutput: output, standardError: error)
        } catch let failure {
            close(output)
            close(error)
            throw SpawnError(description: failure.description)
        }
    }

    /// Reads `descriptor` to its end on a Dispatch thread, then closes it; `received` sees each
    /// piece as it arrives.
    fileprivate static func drain(_ descriptor: Int32, received: (@Sendable (Data) -> Void)? = nil) async -> Data {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    data.append(contentsOf: buffer[0..<count])
                    received?(Data(buffer[0..<count]))
                }
                close(descriptor)
                continuation.resume(returning: data)
            }
        }
    }

}
