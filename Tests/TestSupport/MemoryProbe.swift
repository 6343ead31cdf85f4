import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - MemoryProbe

/// Samples this process's resident set size (`VmRSS` in /proc/self/status) on a background thread
/// and remembers the peak, so a test can bound how much a transfer grows memory.
public final class MemoryProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var peak: Int64 = 0
    private var running = true
    public let baseline: Int64

    public init() {
        baseline = Self.residentBytes() ?? 0
        peak = baseline
        let thread = Thread { [self] in
            while lock.withLock({ running }) {
                if let current = Self.residentBytes() {
                    lock.withLock { peak = max(peak, current) }
                }
                usleep(5_000)
            }
        }
        thread.start()
    }

    /// Stops sampling and returns the peak growth over the baseline, in bytes.
    public func stop() -> Int64 {
        if let current = Self.residentBytes() {
            lock.withLock { peak = max(peak, current) }
        }
        return lock.withLock {
            running = false
            return peak - baseline
        }
    }

    public static func residentBytes() -> Int64? {
        #if !os(Linux)
        return nil  // Memory checks read /proc: Linux only.
        #else
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int64($0) }
            return digits.map { $0 * 1024 }
        }
        return nil
        #endif
    }
}
