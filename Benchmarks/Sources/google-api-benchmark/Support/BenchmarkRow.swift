// MARK: - BenchmarkRow

/// One line of the results table.
struct BenchmarkRow: Sendable {
    /// What was measured, e.g. "CurlTransport" or "curl CLI".
    var name: String
    /// The figure, already formatted (e.g. "12 345 req/s", "1.85 GB/s").
    var value: String
    /// Comparison or context, e.g. "0.94× raw C" or "target ≥ 0.9×".
    var note: String

    init(_ name: String, _ value: String, note: String = "") {
        self.name = name
        self.value = value
        self.note = note
    }
}

// MARK: - BenchmarkSection

/// A group of rows measured together. To add a benchmark, add a type conforming to this in
/// `Sections/` and list it in `BenchmarkRegistry.sections` (main.swift).
protocol BenchmarkSection: Sendable {
    var title: String { get }
    /// Runs the measurements. Throwing skips the section with the error shown in the table.
    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow]
}
