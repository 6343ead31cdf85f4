import Foundation
import Testing

// MARK: - Error type lists

/// README and *Handling errors* list every public error type: compared with the public API
/// listings (`API/*.txt`), so a new error type that the docs do not name fails here.
@Suite struct ErrorTypeListTests {
    /// `X conforms to Swift.Error` in every listing.
    static func listedErrorTypes() throws -> Set<String> {
        let directory = DocumentationSnippetTests.packageRoot.appendingPathComponent("API")
        var names = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".txt") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasSuffix(" conforms to Swift.Error") {
                names.insert(String(line.dropLast(" conforms to Swift.Error".count)))
            }
        }
        return names
    }

    /// The first column of the table after `heading` in `file`: the `` `Name` `` cells.
    static func documentedErrorTypes(in file: String, after heading: String) throws -> Set<String> {
        let text = try String(contentsOf: DocumentationSnippetTests.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let start = try #require(text.range(of: heading), "\(file) has no \(heading)")
        var names = Set<String>()
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                inTable = true
                let cell = line.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? ""
                if cell.hasPrefix("`") { names.insert(cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))) }
            } else if inTable {
                break
            }
        }
        return names
    }

    @Test func readmeListsEveryPublicErrorType() throws {
        let listed = try Self.listedErrorTypes()
        #expect(listed.count >= 16)
        #expect(try Self.documentedErrorTypes(in: "README.md", after: "Every public error type of the package") == listed)
    }

    @Test func handlingErrorsListsEveryPublicErrorType() throws {
        let listed = try Self.listedErrorTypes()
        let documented = try Self.documentedErrorTypes(
            in: "Sources/GoogleAPIRuntime/GoogleAPIRuntime.docc/HandlingErrors.md", after: "### Every error type")
        #expect(documented == listed)
    }
}
