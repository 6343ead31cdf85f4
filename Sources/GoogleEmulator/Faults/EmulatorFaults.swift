import Foundation
public import GoogleHTTPTypes
import Synchronization

// MARK: - EmulatorFaults

/// The emulator's queue of scripted faults, shared by tests and the command line.
///
/// Rules are checked in the order they were added; the first matching one is consumed (its count
/// decremented) and applied. Upload-drop faults are only consumed by upload chunk requests.
public final class EmulatorFaults: Sendable {
    private let rules = Mutex<[FaultRule]>([])
    private let injectedCount = Atomic<Int>(0)

    public init() {}

    /// Queues a fault.
    /// - Parameters:
    ///   - fault: What to do.
    ///   - pathPrefix: Only requests whose path starts with this; `nil` for all.
    ///   - method: Only requests with this method; `nil` for all.
    ///   - count: How many matching requests get it.
    public func enqueue(_ fault: EmulatorFault, matching pathPrefix: String? = nil, method: GoogleHTTPMethod? = nil, count: Int = 1) {
        guard count > 0 else { return }
        rules.withLock { $0.append(FaultRule(fault: fault, pathPrefix: pathPrefix, method: method, count: count)) }
    }

    /// Queues a prepared rule.
    public func enqueue(_ rule: FaultRule) {
        guard rule.remaining > 0 else { return }
        rules.withLock { $0.append(rule) }
    }

    /// Drops every queued fault.
    public func removeAll() {
        rules.withLock { $0.removeAll() }
    }

    /// Faults still queued (sum of remaining counts).
    public var pendingCount: Int {
        rules.withLock { $0.reduce(0) { $0 + $1.remaining } }
    }

    /// Faults applied so far.
    public var injectedTotal: Int {
        injectedCount.load(ordering: .relaxed)
    }

    // MARK: - Consuming

    /// Takes the first matching fault that is not an upload drop.
    func takeRequestFault(method: GoogleHTTPMethod, path: String) -> EmulatorFault? {
        take(method: method, path: path) { fault in
            if case .dropUploadConnection = fault { return false }
            return true
        }
    }

    /// Takes the first matching upload-drop fault, returning its byte limit (`nil` = half).
    func takeUploadDrop(method: GoogleHTTPMethod, path: String) -> Int?? {
        guard
            let fault = take(
                method: method, path: path,
                where: { fault in
                    if case .dropUploadConnection = fault { return true }
                    return false
                })
        else { return nil }
        if case .dropUploadConnection(let bytes) = fault { return .some(bytes) }
        return nil
    }

    private func take(method: GoogleHTTPMethod, path: String, where accepts: (EmulatorFault) -> Bool) -> EmulatorFault? {
        let taken: EmulatorFault? = rules.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.matches(method: method, path: path) && accepts($0.fault) }) else {
                return nil
            }
            rules[index].remaining -= 1
            let fault = rules[index].fault
            if rules[index].remaining <= 0 { rules.remove(at: index) }
            return fault
        }
        if taken != nil { injectedCount.wrappingAdd(1, ordering: .relaxed) }
        return taken
    }
}
