import Foundation
import Synchronization

// MARK: - ProgressReporter

/// Shows transfer progress on standard error: a redrawn bar with bytes, rate and ETA on a
/// terminal, and a plain line every few seconds (or every 10 %) otherwise, so logs stay readable.
public final class ProgressReporter: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var lastPlainPercent: Int = -1
        var finished = false
    }

    private let label: String
    private let isTerminal: Bool
    private let start = ContinuousClock.now
    private let state = Mutex(State())

    public init(label: String, isTerminal: Bool = Terminal.isStandardErrorTerminal) {
        self.label = label
        self.isTerminal = isTerminal
    }

    /// Reports `completed` of `total` bytes (total `nil` when unknown).
    public func update(completed: Int64, total: Int64?) {
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            guard !state.finished else { return nil }
            let complete = total.map { completed >= $0 } ?? false
            if isTerminal {
                if let last = state.lastDraw, now - last < .milliseconds(100), !complete { return nil }
                state.lastDraw = now
                return "\r" + render(completed: completed, total: total, now: now) + "\u{1B}[K"
            }
            let percent = total.map { $0 > 0 ? Int(min(Double(completed) / Double($0), 1) * 100) : 100 } ?? -1
            let dueByTime = state.lastDraw.map { now - $0 >= .seconds(5) } ?? true
            guard percent / 10 > state.lastPlainPercent / 10 || (percent < 0 && dueByTime) || complete else { return nil }
            state.lastPlainPercent = percent
            state.lastDraw = now
            return render(completed: completed, total: total, now: now) + "\n"
        }
        if let line {
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// Ends the progress display (moves past the bar on a terminal).
    public func finish() {
        let wasDrawing = state.withLock { state in
            defer { state.finished = true }
            return !state.finished && state.lastDraw != nil
        }
        if isTerminal, wasDrawing {
            FileHandle.standardError.write(Data("\n".utf8))
        }
    }

    func render(completed: Int64, total: Int64?, now: ContinuousClock.Instant) -> String {
        let elapsed = max(0.001, Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds))
        let rate = Double(completed) / elapsed
        var text = "\(label) \(HumanReadable.bytes(completed))"
        if let total, total > 0 {
            let fraction = min(1, Double(completed) / Double(total))
            if isTerminal {
                let width = 24
                let filled = Int(fraction * Double(width))
                text =
                    "\(label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
                    + "\(HumanReadable.bytes(completed))"
            }
            text += " / \(HumanReadable.bytes(total)) (\(Int(fraction * 100))%)"
            let remaining = rate > 0 ? Double(total - completed) / rate : .infinity
            text += " \(HumanReadable.bytes(Int64(rate)))/s ETA \(HumanReadable.duration(seconds: remaining))"
        } else {
            text += " \(HumanReadable.bytes(Int64(rate)))/s"
        }
        return text
    }
}
