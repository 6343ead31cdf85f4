public import Foundation
import GoogleBase
internal import GoogleHTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - GoogleQuotaLedger

/// Counts a project's quota units per Pacific-time day in a file shared by every process that
/// uses it, and refuses a call that would pass the daily budget before it is sent.
///
/// Give it to a session (``AuthorizedSession/Configuration/quotaLedger``) and every request it
/// prices (``GoogleQuotaPricing``; other APIs' requests are not counted) is charged before each
/// attempt — retries cost quota too. A call that would leave fewer than ``reserve`` units fails
/// with ``GoogleQuotaExceededError`` (units needed, units left, reset time) without being sent. A
/// `403 quotaExceeded` from the server marks the day spent: no further calls are sent until
/// midnight Pacific time unless ``overridesExhaustion`` is set. `rateLimitExceeded` is not a
/// quota matter: the retry policy waits it out.
///
/// The file (mode 0600, written atomically) holds one record per project; each change happens
/// under an exclusive `flock` on `<file>.lock`, on a thread of its own, so processes sharing it
/// lose no update and no cooperative thread blocks.
public final class GoogleQuotaLedger: Sendable {
    public let fileURL: URL
    /// The project the units are counted for (one file can hold several).
    public let project: String
    public let dailyBudget: Int
    /// Units kept back for what matters most (e.g. ending a broadcast).
    public let reserve: Int
    /// Send even after a server `quotaExceeded` (the caller knows the quota was raised).
    public let overridesExhaustion: Bool
    public let pricing: GoogleQuotaPricing
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - fileURL: The shared ledger file.
    ///   - project: The project counted (default `default`).
    ///   - dailyBudget: Units a day (YouTube's default is 10,000).
    ///   - reserve: Units calls may not spend.
    ///   - pricing: What requests cost (e.g. `YouTubeQuotaCost.ledgerPricing`).
    ///   - overridesExhaustion: Keep sending after a server `quotaExceeded`.
    ///   - now: The clock (a test seam: days are Pacific days of this time).
    public init(
        fileURL: URL, project: String = "default", dailyBudget: Int, reserve: Int = 0, pricing: GoogleQuotaPricing,
        overridesExhaustion: Bool = false, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.fileURL = fileURL
        self.project = project
        self.dailyBudget = dailyBudget
        self.reserve = reserve
        self.pricing = pricing
        self.overridesExhaustion = overridesExhaustion
        self.now = now
    }

    // MARK: - Counting

    /// Today's count.
    /// - Throws: ``GoogleQuotaLedgerError`` when the file cannot be read.
    public func status() async throws -> GoogleQuotaStatus {
        try await update { _ in () }.status
    }

    /// Charges `units` for `method`, or refuses them when they would pass the budget.
    /// - Returns: The count after the charge.
    /// - Throws: ``GoogleQuotaExceededError`` (nothing charged), ``GoogleQuotaLedgerError``.
    @discardableResult
    public func charge(_ units: Int, method: String) async throws -> GoogleQuotaStatus {
        let overrides = overridesExhaustion
        let (status, refusal) = try await update { status -> GoogleQuotaExceededError? in
            if status.exhausted && !overrides {
                return GoogleQuotaExceededError(
                    method: method, unitsNeeded: units, unitsLeft: 0, resetsAt: status.resetsAt, reportedByServer: true)
            }
            let left = max(status.dailyBudget - status.reserve - status.spent, 0)
            guard units <= left else {
                return GoogleQuotaExceededError(
                    method: method, unitsNeeded: units, unitsLeft: left, resetsAt: status.resetsAt, reportedByServer: false)
            }
            status.spent = min(status.spent + units, Self.maximumSpent)
            return nil
        }
        if let refusal { throw refusal }
        return status
    }

    /// Records the server's `quotaExceeded`: nothing is sent until the next Pacific midnight.
    public func markExhausted() async throws {
        _ = try await update { $0.exhausted = true }
    }

    // MARK: - The file

    struct Record: Codable {
        var day: String
        var spent: Int
        var exhausted: Bool
    }

    struct File: Codable {
        var version = 1
        var projects: [String: Record] = [:]
    }

    /// Reads today's record under the lock, lets `change` alter it, writes it back when it changed.
    private func update<Result: Sendable>(
        _ change: @escaping @Sendable (inout GoogleQuotaStatus) -> Result
    ) async throws -> (status: GoogleQuotaStatus, result: Result) {
        let path = fileURL.path
        let (project, budget, reserve, now) = (project, dailyBudget, reserve, now)
        return try await DedicatedThread.run("GoogleQuotaLedger.update") { () throws -> (status: GoogleQuotaStatus, result: Result) in
            let lock = try Self.lock(path + ".lock")
            defer { Self.unlock(lock) }
            let day = PacificDay(containing: now())
            var file = try Self.read(path, today: day)
            let record = file.projects[project].flatMap { $0.day == day.key ? $0 : nil } ?? Record(day: day.key, spent: 0, exhausted: false)
            var status = GoogleQuotaStatus(
                project: project, day: day.key, spent: record.spent, dailyBudget: budget, reserve: reserve,
                exhausted: record.exhausted, resetsAt: day.end)
            let result = change(&status)
            let updated = Record(day: day.key, spent: status.spent, exhausted: status.exhausted)
            if file.projects[project].map({ $0.day != updated.day || $0.spent != updated.spent || $0.exhausted != updated.exhausted })
                ?? true
            {
                file.projects[project] = updated
                try Self.write(file, to: path)
            }
            return (status, result)
        }
    }

    private static func read(_ path: String, today: PacificDay) throws -> File {
        let data: Data?
        do {
            data = try PrivateFileReader.read(path, maxBytes: 1 << 20)
        } catch {
            throw GoogleQuotaLedgerError(path: path, reason: Self.reason(error))
        }
        guard let data, !data.isEmpty else { return File() }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw GoogleQuotaLedgerError(
                path: path, reason: "it is not a quota ledger (\(error.localizedDescription)); remove it to start over")
        }
        try check(file, path: path, today: today)
        return file
    }

    /// The most units a ledger may say were spent in a day: far above any quota Google grants,
    /// so a larger count is corruption, not use.
    static let maximumSpent = 1_000_000_000_000

    /// Refuses a ledger whose records cannot be true, as a token file with an impossible expiry
    /// is: a negative or impossible count would otherwise be believed (and `-99999999` spent
    /// would send a hundred million units more than the budget).
    static func check(_ file: File, path: String, today: PacificDay) throws {
        let remedy = "remove it to start over (today's count then restarts at 0, so watch the console's quota page)"
        for (project, record) in file.projects {
            guard (0...maximumSpent).contains(record.spent) else {
                throw GoogleQuotaLedgerError(
                    path: path,
                    reason: "it says \(record.spent) units were spent for \(project) on \(record.day), which cannot be; \(remedy)")
            }
            guard let day = PacificDay(key: record.day) else {
                throw GoogleQuotaLedgerError(
                    path: path, reason: "its day for \(project) is not a Pacific date (yyyy-MM-dd); \(remedy)")
            }
            // A day after tomorrow: the clock went back, or the file was written by hand.
            guard day.end <= today.end.addingTimeInterval(86_400 + 3600) else {
                throw GoogleQuotaLedgerError(
                    path: path,
                    reason: "its day for \(project), \(record.day), is still to come (today is \(today.key) in Pacific time); \(remedy)")
            }
        }
    }

    private static func write(_ file: File, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty { try PrivateFileWriter.createFolder(directory) }
            try PrivateFileWriter.write(try encoder.encode(file), to: path)
        } catch let failure as PrivateFileWriter.Failure {
            throw GoogleQuotaLedgerError(path: path, reason: "\(failure.operation) failed (errno \(failure.errno))")
        }
    }

    /// Takes the exclusive `flock` on `path`, waiting for other holders. Blocking: called on a dedicated thread.
    private static func lock(_ path: String) throws -> Int32 {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try PrivateFileWriter.createFolder(directory)
            } catch {
                throw GoogleQuotaLedgerError(path: path, reason: "cannot create its folder (errno \(error.errno))")
            }
        }
        let descriptor: Int32
        do {
            descriptor = try PrivateFileReader.openLockFile(path)
        } catch {
            throw GoogleQuotaLedgerError(path: path, reason: Self.reason(error))
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                close(descriptor)
                throw GoogleQuotaLedgerError(path: path, reason: "cannot lock it (errno \(code))")
            }
        }
        return descriptor
    }

    /// The words for a file that could not be opened or read.
    private static func reason(_ failure: PrivateFileReader.Failure) -> String {
        switch failure {
        case .system(let operation, _, let errno):
            "\(operation) failed (errno \(errno))"
        case .accessibleByOthers(_, let mode):
            "it is accessible by other users (mode 0\(String(mode, radix: 8))); run `chmod 600` on it"
        case .ownedByAnotherUser(_, let uid):
            "it is owned by another user (uid \(uid))"
        case .tooLarge(_, let limit):
            "it is larger than \(limit) bytes, so not a quota ledger; remove it to start over"
        case .notRegularFile(_, let kind):
            "it is \(kind), not a regular file (nothing was read from it); remove it, and the ledger is created again"
        }
    }

    private static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
