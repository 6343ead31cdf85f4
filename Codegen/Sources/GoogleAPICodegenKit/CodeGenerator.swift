import Foundation

// MARK: - CodeGenerator

/// Parse → translate → render for one Discovery document, with every failure reported as a
/// `DiscoveryParseError` (`DOC.json:LINE: error: json.path: message`).
public enum CodeGenerator {
    /// The result of generating one document.
    public struct Output: Sendable {
        public var moduleName: String
        public var service: SwiftService
        public var files: [GeneratedFile]
    }

    /// Generates Swift sources from Discovery JSON.
    /// - Parameters:
    ///   - data: The Discovery document.
    ///   - file: Name used in diagnostics.
    ///   - moduleName: File-name prefix; defaults to `Google<ServiceType>`.
    ///   - quotaCosts: Each method's quota units, stated on the generated methods.
    ///   - overlay: Descriptions for what the document leaves undescribed.
    ///   - subset: Only these resources and methods, and the schemas they reach.
    /// - Throws: `DiscoveryParseError` with line and JSON path.
    public static func generate(
        _ data: Data, file: String?, moduleName: String? = nil, quotaCosts: QuotaCostTable? = nil,
        overlay: DocumentationOverlay? = nil, subset: DiscoverySubset? = nil
    ) throws(DiscoveryParseError) -> Output {
        let (json, parsed) = try DiscoveryParser.parseDocument(data, file: file)
        let document = overlay.map { $0.applied(to: parsed) } ?? parsed
        // The parser reads partial documents too; generating needs a whole one.
        if let notDiscovery = DiscoveryParser.notADiscoveryDocument(json, kind: document.kind) {
            throw DiscoveryParseError(file: file, line: 1, path: "", message: notDiscovery)
        }
        // Checked against the whole document: a table names every method, a subset a few.
        try quotaCosts?.check(against: document, file: (file ?? "document") + " quota costs")
        var service: SwiftService
        do {
            service = try Translator.translate(try subset?.applied(to: document) ?? document, quotaCosts: quotaCosts?.methods ?? [:])
        } catch {
            throw DiscoveryParseError(
                file: file, line: DiscoveryParser.line(of: error.path, in: json), path: error.path, message: error.message)
        }
        if subset != nil {
            // The whole document's file names (what build plugins declare, from its keys); the
            // files holding nothing of the subset are a header only.
            service.layoutKeys = ((document.schemas ?? [:]).keys.sorted(), (document.resources ?? [:]).keys.sorted())
        }
        let name = moduleName ?? "Google" + service.typeName
        return Output(moduleName: name, service: service, files: Renderer(moduleName: name).render(service))
    }

    /// Reads and generates one document from disk, with its documentation overlay
    /// (``DocumentationOverlay``, `<name>.overlay.json` beside it) when there is one.
    /// - Parameters:
    ///   - url: The document's file URL.
    ///   - moduleName: File-name prefix; defaults to `Google<ServiceType>`.
    ///   - quotaCosts: Each method's quota units, stated on the generated methods.
    ///   - subset: Only these resources and methods, and the schemas they reach.
    /// - Throws: `DiscoveryParseError` (line 1 when unreadable).
    public static func generate(
        contentsOf url: URL, moduleName: String? = nil, quotaCosts: QuotaCostTable? = nil, subset: DiscoverySubset? = nil
    ) throws(DiscoveryParseError) -> Output {
        try generate(
            try DiscoveryParser.read(url), file: url.path, moduleName: moduleName, quotaCosts: quotaCosts,
            overlay: try DocumentationOverlay.load(besideDocument: url), subset: subset)
    }
}
