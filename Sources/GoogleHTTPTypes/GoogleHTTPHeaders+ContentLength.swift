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
        // One pass over the fields' bytes, without allocating: this runs for every response
        // (the transport sizes its body buffer from it), where splitting into a `Set` of
        // trimmed strings was 3–4 % of a typed call's profile.
        var length: Int64?
        for field in fields where field.name.caseInsensitiveEquals("Content-Length") {
            guard Self.accumulateContentLength(field.value.utf8, into: &length) else { return nil }
        }
        return length
    }

    /// Reads one `Content-Length` field value into `length`, the value of the fields read before
    /// (`nil` for none yet): what ``contentLength`` does per field, for a reader that has the
    /// value's bytes but no header list (the transport, on its transfer thread).
    /// - Returns: `false` when the value is not a length or differs from `length`.
    package static func accumulateContentLength(_ value: some Sequence<UInt8>, into length: inout Int64?) -> Bool {
        var item: Int64?
        var digits = 0
        var valueEnded = false
        var sawAny = false
        for byte in value {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !valueEnded, digits < 18 else { return false }
                item = (item ?? 0) * 10 + Int64(byte &- UInt8(ascii: "0"))
                digits += 1
                sawAny = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if item != nil { valueEnded = true }
                sawAny = true
            case UInt8(ascii: ","):
                // An empty item (nothing between two commas) is skipped, as `split` skips it;
                // one of only white space is not a length.
                if sawAny {
                    guard let value = item, length == nil || length == value else { return false }
                    length = value
                }
                item = nil
                digits = 0
                valueEnded = false
                sawAny = false
            default:
                return false
            }
        }
        if sawAny {
            guard let value = item, length == nil || length == value else { return false }
            length = value
        }
        return true
    }
}
