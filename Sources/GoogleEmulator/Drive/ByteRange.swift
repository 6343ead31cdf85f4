// MARK: - ByteRange

/// A single `bytes=` range (RFC 9110 §14.1.2); multi-range requests use their first range.
enum ByteRange: Equatable {
    case range(Range<Int64>)
    case unsatisfiable

    /// `nil` when the header is not a valid byte range at all.
    static func parse(_ header: String, size: Int64) -> ByteRange? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = trimmed.dropFirst(6).split(separator: ",").first?.trimmingCharacters(in: .whitespaces) ?? ""
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let suffix = Int64(last), suffix >= 0 else { return nil }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .range(max(0, size - suffix)..<size)
        }
        guard let start = Int64(first), start >= 0 else { return nil }
        var end = size - 1
        if !last.isEmpty {
            guard let parsed = Int64(last), parsed >= start else { return nil }
            end = min(parsed, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .range(start..<(end + 1))
    }
}
