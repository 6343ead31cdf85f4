// MARK: - TextTable

/// A plain-text table whose columns fit the terminal: the widest column is shortened first.
public struct TextTable: Sendable {
    public var headers: [String]
    public private(set) var rows: [[String]] = []

    public init(headers: [String]) {
        self.headers = headers
    }

    /// Appends a row; cells usually come from a server, so control characters are escaped
    /// (``TerminalText``) and line breaks become spaces.
    public mutating func append(_ row: [String]) {
        let row = row.map(Self.cell)
        rows.append(
            row.count >= headers.count ? Array(row.prefix(headers.count)) : row + Array(repeating: "", count: headers.count - row.count))
    }

    /// The table as lines no wider than `maxWidth` columns.
    public func render(maxWidth: Int = .max) -> String {
        let headers = headers.map(Self.cell)
        var widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        let separators = max(0, headers.count - 1) * 2
        while widths.reduce(0, +) + separators > maxWidth, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
            widths[widest] > 8
        {
            widths[widest] -= 1
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let cell = fit(cells[column], to: widths[column])
                return column == cells.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ")
        }
        var lines = [line(headers), line(widths.map { String(repeating: "-", count: $0) })]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    private static func cell(_ text: String) -> String {
        TerminalText.sanitized(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
    }

    private func fit(_ text: String, to width: Int) -> String {
        let singleLine = text
        guard singleLine.count > width else { return singleLine }
        guard width > 1 else { return String(singleLine.prefix(width)) }
        return String(singleLine.prefix(width - 1)) + "…"
    }
}
