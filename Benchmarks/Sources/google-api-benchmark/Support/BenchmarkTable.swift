// MARK: - BenchmarkTable

/// Renders sections of rows as an aligned plain-text (Markdown-compatible) table.
enum BenchmarkTable {
    static func render(_ sections: [(title: String, rows: [BenchmarkRow])]) -> String {
        let allRows = sections.flatMap(\.rows)
        let nameWidth = max(10, allRows.map(\.name.count).max() ?? 0)
        let valueWidth = max(8, allRows.map(\.value.count).max() ?? 0)
        var lines: [String] = []
        lines.append("| \(pad("Measurement", nameWidth)) | \(pad("Result", valueWidth)) | Notes")
        lines.append("|-\(String(repeating: "-", count: nameWidth))-|-\(String(repeating: "-", count: valueWidth))-|------")
        for section in sections {
            lines.append("| **\(section.title)**")
            for row in section.rows {
                lines.append("| \(pad(row.name, nameWidth)) | \(pad(row.value, valueWidth)) | \(row.note)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
