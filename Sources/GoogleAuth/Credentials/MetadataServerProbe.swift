import Foundation
import GoogleHTTP
import GoogleHTTPTypes
import Synchronization

// MARK: - MetadataServerProbe

/// Whether a metadata server answers at a host, asked once per host and process: off Google Cloud
/// the first search waits for one short connect timeout, later ones not at all.
final class MetadataServerProbe: Sendable {
    enum Outcome: Sendable {
        case available, notGoogle, unreachable
    }

    static let shared = MetadataServerProbe()
    private let outcomes = Mutex<[String: Task<Outcome, Never>]>([:])

    /// The remembered outcome for `host`, probing it the first time (concurrent callers share one probe).
    func check(host: String, timeout: Duration, transport: any HTTPTransport) async -> Outcome {
        let task = outcomes.withLock { outcomes in
            if let existing = outcomes[host] { return existing }
            let probe = Task { await Self.probe(host: host, timeout: timeout, transport: transport) }
            outcomes[host] = probe
            return probe
        }
        return await task.value
    }

    /// `GET http://host/` with `Metadata-Flavor: Google`; a metadata server answers with the same header.
    private static func probe(host: String, timeout: Duration, transport: any HTTPTransport) async -> Outcome {
        guard let url = URL(string: "http://\(host)/") else { return .unreachable }
        let request = GoogleHTTPRequest(
            method: .get, url: url, headers: ["Metadata-Flavor": "Google"],
            timeouts: HTTPTimeouts(connect: timeout, request: timeout * 2))
        // Only the head matters: the body is never read (dropping it aborts the transfer), so
        // whatever answers cannot make the probe read megabytes.
        guard let response = try? await transport.stream(request) else { return .unreachable }
        return response.headers["Metadata-Flavor"] == "Google" ? .available : .notGoogle
    }
}
