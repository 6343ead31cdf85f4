import Foundation
import GoogleDrive
import GoogleEmulator
import GoogleHTTP
import Synchronization
import Testing

// MARK: - README's quick start with the emulator

/// Runs README's emulator quick start (`main.swift`, written here between `// snippet:` and
/// `// snippet end`) and checks that README shows exactly this code, and that its manifest lists
/// a product of this package for every module the code imports.
@Suite struct EmulatorQuickStartTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// README's Swift blocks under "Quick start with the emulator": the manifest, then main.swift.
    private static func blocks() throws -> [String] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Quick start with the emulator").dropFirst().first)
            .components(separatedBy: "\n## ")[0]
        return section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    @Test func theQuickStartRunsSignsInAndLists() async throws {
        let printed = PrintedLines()
        let print: @Sendable (String, String) -> Void = { printed.append("\($0) \($1)") }
        // snippet: main.swift
        let emulator = try GoogleEmulator.start()
        defer { emulator.stop() }
        let clientFile = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-client-\(UUID().uuidString).json")
        try emulator.writeClientSecretFile(to: clientFile)
        defer { try? FileManager.default.removeItem(at: clientFile) }

        // The app opts in to the emulator's endpoints; nothing is read from the process environment.
        let environment = try GoogleEnvironment(variables: emulator.environmentVariables(clientSecretFile: clientFile))
        let oauth = OAuthClient(configuration: try environment.clientConfiguration())
        let tokens = try await oauth.authorize(scopes: [Drive.Scope.drive], browser: EmulatorBrowser(transport: CurlTransport.shared))
        let session = AuthorizedSession(
            credentials: InMemoryTokenStore(tokens), refresher: oauth, configuration: .init(apiRootURL: environment.apiRootURL))
        let drive = Drive(session: session)
        let page = try await drive.files.list(query: .trashed(false), pageSize: 5, fields: [.files([.id, .name])])
        for file in page.files ?? [] {
            print(file.id ?? "", file.name ?? "")
        }
        // snippet end
        #expect(printed.lines.count == 5, "five seed files: \(printed.lines)")
        #expect(emulator.recordedRequests.contains { $0.path == "/token" }, "signed in through the emulator's token endpoint")

        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let marked = try #require(source.components(separatedBy: "// snippet: main.swift\n").dropFirst().first)
        let tested = marked.components(separatedBy: "        // snippet end")[0]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { (line: Substring) -> String in
                let indent = min(8, line.prefix { $0 == " " }.count)
                return String(line.dropFirst(indent))
            }
            .joined(separator: "\n")
        let shown = try #require(try Self.blocks().last)
        let shownBody = shown.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix("import ") || $0.isEmpty }.map(String.init).joined(separator: "\n")
        #expect(shownBody + "\n" == tested, "README's main.swift is the code run here")
    }

    @Test func theManifestListsAProductForEveryImport() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count == 2)
        let manifest = try #require(blocks.first)
        let main = try #require(blocks.last)
        let products = Set(
            manifest.components(separatedBy: ".product(name: \"").dropFirst().map { $0.components(separatedBy: "\"")[0] })
        let imports = Set(main.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) })
        #expect(imports.subtracting(["Foundation"]) == products, "imports \(imports), products \(products)")
        // Each is a product of this package.
        let packageManifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for product in products {
            #expect(packageManifest.contains(".library(name: \"\(product)\""), "\(product) is a library product")
        }
    }
}

/// What the snippet printed.
private final class PrintedLines: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}
