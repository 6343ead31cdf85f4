import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - InterruptSignal

/// Turns Ctrl-C (SIGINT) and SIGTERM into cancellation of the running command, so a transfer
/// or a retry wait ends at once and the command's cleanup runs (a download keeps or removes its
/// partial file, never leaving a complete-looking target). The process then exits with 130.
/// A second signal, or cleanup taking longer than ``gracePeriod``, exits at once.
final class InterruptSignal: @unchecked Sendable {
    /// How long cleanup may take after the first signal.
    static let gracePeriod: DispatchTimeInterval = .seconds(5)
    /// Written in `init` only.
    private var sources: [any DispatchSourceSignal] = []
    private let received = Atomic<Int>(0)

    /// Starts catching SIGINT and SIGTERM; `onInterrupt` runs (once) on the first.
    init(onInterrupt: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "InterruptSignal")
        for number in [SIGINT, SIGTERM] {
            // The default action would end the process before any cleanup.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                if received.add(1, ordering: .relaxed).newValue > 1 { exit(ExitStatus.interrupted.rawValue) }
                onInterrupt()
                queue.asyncAfter(deadline: .now() + Self.gracePeriod) { exit(ExitStatus.interrupted.rawValue) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a signal arrived.
    var wasReceived: Bool { received.load(ordering: .relaxed) > 0 }

    /// Stops catching; the signals' default actions apply again.
    func remove() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
