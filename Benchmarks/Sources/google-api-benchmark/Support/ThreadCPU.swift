import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ThreadCPU

/// CPU time per operation split by the kind of thread that spent it: the transport's curl
/// thread, the cooperative pool's threads, and the rest. Shows which side of a typed call a
/// change moved, without a profiler. Linux only (`/proc/self/task`); empty elsewhere.
struct ThreadCPU {
    enum Kind: String, CaseIterable {
        case curl = "curl thread"
        case pool = "pool threads"
        case other = "other"
    }

    /// CPU seconds so far of each live thread, by thread id.
    struct Snapshot {
        fileprivate var threads: [Int: (kind: Kind, seconds: Double)] = [:]
    }

    private var seconds: [Kind: Double] = [:]
    private var operations = 0

    static func snapshot() -> Snapshot {
        var snapshot = Snapshot()
        #if os(Linux)
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0, let tids = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else {
            return snapshot
        }
        for tid in tids {
            guard let id = Int(tid),
                let stat = try? String(contentsOfFile: "/proc/self/task/\(tid)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { continue }
            let name = stat[stat.index(after: open)..<close]
            // After the name: state is field 3, utime field 14, stime field 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            // Linux keeps the last 15 bytes of a name: Dispatch's default-priority workers, which
            // run the cooperative pool, read "oot.default-qos"; other priorities count as other.
            let kind: Kind = name == "CurlTransport" ? .curl : name.hasSuffix("default-qos") ? .pool : .other
            snapshot.threads[id] = (kind, (user + system) / ticksPerSecond)
        }
        #endif
        return snapshot
    }

    /// Adds the CPU time threads spent since `start` (threads started since count from zero;
    /// threads that ended meanwhile are lost, so measure spans no thread ends in).
    mutating func add(since start: Snapshot, count: Int) {
        for (id, now) in Self.snapshot().threads {
            seconds[now.kind, default: 0] += now.seconds - (start.threads[id]?.seconds ?? 0)
        }
        operations += count
    }

    /// "curl thread 30 µs + pool threads 60 µs", each per operation (kinds under 0.5 µs left out).
    var formatted: String {
        guard operations > 0 else { return "" }
        return Kind.allCases.compactMap { kind in
            let microseconds = (seconds[kind] ?? 0) / Double(operations) * 1e6
            return microseconds < 0.5 ? nil : String(format: "%@ %.0f µs", kind.rawValue, microseconds)
        }.joined(separator: " + ")
    }
}
