import Foundation

// MARK: - JSON lines

extension JSONOutput {
    /// Prints `value` as one compact JSON object on one line and flushes it at once, for output
    /// that streams (`chat tail --json`: one line per message, as it arrives).
    /// - Throws: ``CommandLineError/failure(_:)`` when the value cannot be encoded.
    public static func printLine(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            var data = try encoder.encode(value)
            data.append(UInt8(ascii: "\n"))
            fflush(nil)
            FileHandle.standardOutput.write(data)
        } catch {
            throw CommandLineError.failure("could not encode JSON output: \(error)")
        }
    }
}
