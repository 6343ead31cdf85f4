import Foundation
import GoogleAPILogging
import GoogleAPIMetrics
import GoogleAPITracing
import GoogleDrive
import Logging
import Metrics
import Testing
import Tracing

// MARK: - The article's Swift blocks, compiled

/// `Integrations/README.md` ("Logs, metrics and traces"): each Swift block but the manifest is
/// written here between `// snippet: <name>` and `// snippet end`, so the compiler checks it
/// against the adapters and the library; the tests fail when the article and these copies differ,
/// and run each against a server on 127.0.0.1. The manifest's products are checked against the
/// two manifests.
@Suite("The article's Swift blocks are the code compiled and run here")
struct ArticleSnippetTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    // The names the article's prose gives: `store` and `oauth` (a session's credentials and the
    // client refreshing them), `drive`.

    static func logs(store: InMemoryTokenStore, oauth: OAuthClient) -> Drive {
        // snippet: logs
        var logger = Logger(label: "com.example.drive-sync")
        logger.logLevel = .debug
        var configuration = AuthorizedSession.Configuration()
        configuration.log(to: logger)
        let drive = Drive(session: AuthorizedSession(credentials: store, refresher: oauth, configuration: configuration))
        // debug:  drive.files.list attempt 1: 503 in 41.870 ms
        // notice: retryScheduled drive.files.list attempt 1: waiting 0.4 s before retry 1 of 4 (503 service unavailable)
        // debug:  drive.files.list attempt 2: 200 in 38.112 ms
        // snippet end
        return drive
    }

    static func metrics(store: InMemoryTokenStore, oauth: OAuthClient) -> Drive {
        // snippet: metrics
        var configuration = AuthorizedSession.Configuration()
        configuration.recordMetrics()  // to MetricsSystem.factory, bootstrapped by the app
        let drive = Drive(session: AuthorizedSession(credentials: store, refresher: oauth, configuration: configuration))
        // snippet end
        return drive
    }

    static func traces(store: InMemoryTokenStore, oauth: OAuthClient) async throws {
        // snippet: traces
        var configuration = AuthorizedSession.Configuration()
        configuration.trace(propagateContext: true)  // InstrumentationSystem.tracer, bootstrapped by the app
        let drive = Drive(session: AuthorizedSession(credentials: store, refresher: oauth, configuration: configuration))
        try await withSpan("sync") { _ in
            _ = try await drive.files.list(pageSize: 100)  // sync ▸ drive.files.list ▸ GET
        }
        // snippet end
    }

    static func perCall(drive: Drive) async throws {
        // snippet: per call
        let traced = APICallOptions(
            callMiddleware: [GoogleTracingMiddleware(.call)], attemptMiddleware: [GoogleTracingMiddleware(.attempt)])
        _ = try await drive.files.list(pageSize: 10, options: traced)
        // snippet end
    }

    // MARK: - Checks

    /// The article's Swift blocks, in order.
    private static func articleBlocks() throws -> [String] {
        let article = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    /// This file's snippets, in order, unindented.
    private static func snippets() throws -> [String] {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        var snippets: [String] = []
        var current: [String]?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("// snippet: ") {
                current = []
            } else if trimmed == "// snippet end", let lines = current {
                snippets.append(lines.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current?.append(String(line.dropFirst(min(8, line.count - trimmed.count))))
            }
        }
        return snippets
    }

    @Test("each block but the manifest is a snippet here, line for line, and imports only what this file imports")
    func blocksAreCompiled() throws {
        let blocks = try Self.articleBlocks()
        let code = Array(blocks.dropFirst())
        let snippets = try Self.snippets()
        #expect(code.count == 4 && snippets.count == 4, "\(code.count) blocks, \(snippets.count) snippets")
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let imported = Set(source.split(separator: "\n").filter { $0.hasPrefix("import ") })
        for (block, snippet) in zip(code, snippets) {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines where line.hasPrefix("import ") {
                #expect(imported.contains(line), "the article imports \(line), this file does not")
            }
            let body = lines.drop { $0.hasPrefix("import ") || $0.isEmpty }.joined(separator: "\n")
            #expect(body == snippet, "the article's block differs from its compiled copy:\n\(body)\n---\n\(snippet)")
        }
    }

    @Test("the manifest names products the two packages have")
    func manifestProducts() throws {
        let manifest = try #require(try Self.articleBlocks().first)
        #expect(manifest.hasPrefix("// swift-tools-version: 6.0"))
        let integrations = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let library = try String(
            contentsOf: Self.packageRoot.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = manifest.components(separatedBy: ".product(name: \"").dropFirst().map { $0.components(separatedBy: "\"")[0] }
        #expect(products.count == 4)
        for product in products {
            #expect(
                integrations.contains(".library(name: \"\(product)\"") || library.contains(".library(name: \"\(product)\""),
                "\(product) is no library product")
        }
        for product in ["GoogleAPILogging", "GoogleAPIMetrics", "GoogleAPITracing"] {
            #expect(manifest.contains(".product(name: \"\(product)\", package: \"Integrations\")"))
        }
    }

    @Test("the snippets install what the article says; the per-call one makes a real call")
    func snippetsRun() async throws {
        let backend = try DriveBackend()
        let store = InMemoryTokenStore(backend.credentials())
        // Built, not called: their calls would go to Google.
        for drive in [Self.logs(store: store, oauth: backend.refresher), Self.metrics(store: store, oauth: backend.refresher)] {
            let configuration = drive.client.session.configuration
            #expect(
                configuration.attemptMiddleware.count == 1 && configuration.observers.count == 1 && configuration.callMiddleware.isEmpty)
        }
        try await Self.perCall(drive: backend.drive(backend.session(.init(), store: store)))
        #expect(backend.receivedHeaders.count == 1)
    }
}
