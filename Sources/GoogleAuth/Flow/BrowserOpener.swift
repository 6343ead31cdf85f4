import Foundation
import GoogleBase
import GoogleHTTPTypes

// MARK: - BrowserOpener

/// Shows the authorization URL to the user. Replace it in tests, or to show the URL differently.
public protocol BrowserOpener: Sendable {
    /// Opens `url`, or tells the user to open it.
    /// - Parameter url: The authorization URL.
    /// - Throws: Only when the flow should stop; failing to launch a browser should instead fall
    ///   back to printing the URL.
    func open(_ url: URL) async throws
}

// MARK: - ClosureBrowserOpener

/// A ``BrowserOpener`` backed by a closure.
public struct ClosureBrowserOpener: BrowserOpener {
    private let body: @Sendable (URL) async throws -> Void

    /// - Parameter body: Called with the authorization URL.
    public init(_ body: @escaping @Sendable (URL) async throws -> Void) {
        self.body = body
    }

    public func open(_ url: URL) async throws {
        try await body(url)
    }
}

// MARK: - SystemBrowserOpener

/// Opens the system browser: each command in `$BROWSER` (colon-separated; `%s` is replaced by the
/// URL, otherwise the URL is appended), then `xdg-open` on Linux or `open` on macOS. When none
/// works, prints the URL so the user can open it by hand.
public struct SystemBrowserOpener: BrowserOpener {
    private let environment: [String: String]
    private let output: @Sendable (String) -> Void

    /// - Parameters:
    ///   - environment: Where `BROWSER` and `PATH` come from (the process environment by default).
    ///   - output: Where the fallback message goes (standard error by default).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) {
        self.environment = environment
        self.output = output
    }

    /// Says "opened your browser" as soon as a command starts (``OAuthClient/authorize(scopes:options:browser:)``
    /// reads the redirect meanwhile, so a browser that stays running delays nothing); a command
    /// that fails within a few seconds is followed by the next one, and when none works the URL is
    /// printed to open by hand.
    public func open(_ url: URL) async throws {
        for command in commands(for: url) {
            guard let child = start(command) else { continue }
            output("Your browser has been opened to visit:\n\n    \(url.absoluteString)\n")
            if await succeeds(child) { return }
        }
        output("Open this URL in your browser to authorize the app:\n\n    \(url.absoluteString)\n")
    }

    /// The command lines to try, in order, each as an argument vector.
    public func commands(for url: URL) -> [[String]] {
        var result: [[String]] = []
        if let browser = environment["BROWSER"] {
            for entry in browser.split(separator: ":") {
                let words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard !words.isEmpty else { continue }
                if words.contains(where: { $0.contains("%s") }) {
                    result.append(words.map { Self.substitute(url.absoluteString, into: $0) })
                } else {
                    result.append(words + [url.absoluteString])
                }
            }
        }
        #if os(macOS)
        result.append(["open", url.absoluteString])
        #else
        result.append(["xdg-open", url.absoluteString])
        #endif
        return result
    }

    /// `%s` becomes the URL and `%%` a literal `%`, as in the BROWSER convention.
    static func substitute(_ url: String, into word: String) -> String {
        var out = ""
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(after: index)
            if word[index] == "%", next < word.endIndex, word[next] == "s" || word[next] == "%" {
                out += word[next] == "s" ? url : "%"
                index = word.index(after: next)
            } else {
                out.append(word[index])
                index = next
            }
        }
        return out
    }

    /// Starts the command with this process's environment and none of its descriptors; `nil`
    /// when it cannot be found or started.
    private func start(_ command: [String]) -> SpawnedProcess? {
        guard let executable = resolve(command[0]) else { return nil }
        return try? SpawnedProcess.start(
            executable.path, arguments: [executable.path] + command.dropFirst(),
            environment: ProcessInfo.processInfo.environment)
    }

    /// Whether the command worked: a zero exit within a few seconds, or still running then (a
    /// browser that stays in the foreground), or the flow ended meanwhile (the task cancelled).
    /// Polled, never waited for on a cooperative thread; a command still running is reaped on a
    /// thread of its own whenever it exits.
    private func succeeds(_ child: SpawnedProcess) async -> Bool {
        for _ in 0..<50 {
            if let status = child.exitStatus() { return status == 0 }
            if Task.isCancelled { break }
            try? await Task.sleep(for: .milliseconds(100))
        }
        Thread.detachNewThread { _ = child.waitForExit() }
        return true
    }

    private func resolve(_ name: String) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}
