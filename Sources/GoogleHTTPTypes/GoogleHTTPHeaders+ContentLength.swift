import Foundation

// MARK: - GoogleHTTPHeaders + Content-Length

extension GoogleHTTPHeaders {
    /// The `Content-Length` field as a byte count, or `nil` when it is absent or not a length.
    ///
    /// A length is a plain decimal (RFC 9110 §8.6: `1*DIGIT`) of at most 18 digits, so it fits an
    /// `Int64`; a field repeated with the same value, or a list of equal values (`5, 5`), counts
    /// once (RFC 9112 §6.3). A sign, a fraction, conflicting values or anything else is not a length:
    /// read through this, a hostile header never reaches `prefix`, a subtraction or an allocation as
    /// a negative or garbled number. Callers that must refuse an invalid field rather than ignore it
    /// check ``contains(_:)`` first.
    package var contentLength: Int64? {
        let values = Set(
            values(for: "Content-Length").flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) })
        guard values.count == 1, let text = values.first, (1...18).contains(text.utf8.count),
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int64(text)
    }
}
