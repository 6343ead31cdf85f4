import Foundation

// MARK: - Formatting and measuring helpers

enum BenchmarkFormat {
    static func rate(_ requests: Int, seconds: Double) -> String {
        "\(grouped(Int((Double(requests) / max(seconds, 1e-9)).rounded()))) req/s"
    }

    static func throughput(bytes: Int64, seconds: Double) -> String {
        let bytesPerSecond = Double(bytes) / max(seconds, 1e-9)
        return String(format: "%.2f GB/s", bytesPerSecond / 1e9) + String(format: " (%.2f s)", seconds)
    }

    static func ratio(_ value: Double, to baseline: Double, label: String) -> String {
        guard baseline > 0 else { return "" }
        return String(format: "%.2f× %@", value / baseline, label)
    }

    static func mebibytes(_ bytes: Int64) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}

// MARK: - RateMeter

/// Repeats an async operation for a fixed time and reports the rate.
enum RateMeter {
    /// Runs `operation` `warmup` times, then repeatedly for `seconds`.
    /// - Returns: Completed operations and the seconds they took.
    static func measure(
        seconds: Double, warmup: Int = 20, _ operation: () async throws -> Void
    ) async throws -> (count: Int, seconds: Double) {
        for _ in 0..<warmup { try await operation() }
        let clock = ContinuousClock()
        let start = clock.now
        let limit = Duration.milliseconds(Int(seconds * 1000))
        var count = 0
        var elapsed = Duration.zero
        repeat {
            try await operation()
            count += 1
            if count % 16 == 0 { elapsed = start.duration(to: clock.now) }
        } while elapsed < limit
        return (count, start.duration(to: clock.now).seconds)
    }
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

// MARK: - ProcessMemory

/// Reads this process's memory figures from /proc/self/status.
enum ProcessMemory {
    static func value(_ field: String) -> Int64? {
        #if !os(Linux)
        return nil  // /proc is Linux's; elsewhere the memory rows say "n/a".
        #else
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int64($0) }.map { $0 * 1024 }
        }
        return nil
        #endif
    }

    /// Resets VmHWM to the current RSS (Linux ≥ 4.0), so the next reading is the peak from now on.
    @discardableResult
    static func resetPeak() -> Bool {
        #if !os(Linux)
        return false
        #else
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        #endif
    }
}
