// MARK: - Command-line entry

extension CodegenRunner {
    /// Parses `generate` arguments and runs them: what `google-api-codegen generate` and the
    /// plugins' `google-api-codegen-generate` both do.
    /// - Parameters:
    ///   - arguments: The command line without the program name (`generate DOC.json ...`).
    ///   - report: Receives each diagnostic line (`DOC.json:LINE: error: ...`).
    /// - Returns: The process exit status: 0, 1 when a document failed, 64 for a usage error.
    public static func main(_ arguments: [String], report: @escaping @Sendable (String) -> Void) -> Int32 {
        var parsed: CodegenCommandLine
        do {
            parsed = try CodegenCommandLine.parse(arguments)
        } catch {
            report("google-api-codegen: error: \(error)\n\nRun with --help for usage.")
            return 64
        }
        if let path = parsed.configuration {
            do {
                let configuration = try CodegenTargetConfiguration.read(path)
                try configuration.check(document: parsed.documents[0], moduleName: parsed.moduleName)
                parsed.include = configuration.include
                parsed.quotaCosts = configuration.quotaCosts
            } catch {
                report(error.description)
                return 1
            }
        }
        return run(parsed, report: report) == 0 ? 0 : 1
    }
}
