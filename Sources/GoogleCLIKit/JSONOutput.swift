import Foundation

// MARK: - JSONOutput

/// Prints values as JSON on standard output for scripts: stable key order, one document per call.
public enum JSONOutput {
    /// - Throws: ``CommandLineError/failure(_:)`` when the value cannot be encoded.
    public static func print(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            let data = try encoder.encode(value)
            FileHandle.standardOutput.write(data)
            FileHandle.standardOutput.write(Data("\n".utf8))
        } catch {
            throw CommandLineError.failure("could not encode JSON output: \(error)")
        }
    }
}
