// MARK: - ListingOutput

/// How every listing command prints: JSON for scripts, otherwise a table fitted to the terminal
/// followed by a count line.
public enum ListingOutput {
    /// - Parameters:
    ///   - items: What was listed.
    ///   - json: Print `items` as JSON instead of a table.
    ///   - noun: The singular noun for the count line, e.g. `file`.
    ///   - headers: The table's column headers.
    ///   - row: The cells of one item, in header order.
    /// - Throws: ``CommandLineError/failure(_:)`` when JSON encoding fails.
    public static func print<Item: Encodable>(
        _ items: [Item], json: Bool, noun: String, headers: [String], row: (Item) -> [String]
    ) throws {
        if json {
            try JSONOutput.print(items)
            return
        }
        var table = TextTable(headers: headers)
        items.forEach { table.append(row($0)) }
        Swift.print(table.render(maxWidth: Terminal.isStandardOutputTerminal ? Terminal.columns() : .max))
        Swift.print("\(items.count) \(noun)\(items.count == 1 ? "" : "s")")
    }
}
