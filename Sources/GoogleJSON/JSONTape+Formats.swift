import Foundation

// MARK: - Discovery formats

extension JSONTape {
    /// An RFC 3339 date string at `index` (a number is read as seconds since the reference
    /// date, Foundation's default strategy).
    func date(at index: Int) throws(GoogleJSONDecodingError) -> Date {
        let token = tokens[index]
        switch token.kind {
        case .string where token.flags == 0:
            if let date = RFC3339.parse(buffer(of: token)) { return date }
        case .string:
            if let date = RFC3339.parse(try string(at: index)) { return date }
        case .number:
            return Date(timeIntervalSinceReferenceDate: try double(at: index))
        case .null:
            throw error(.valueNotFound, at: index, "expected \(Date.self), found null")
        default:
            throw error(.typeMismatch, at: index, "expected an RFC 3339 date string, found \(token.kind)")
        }
        throw error(.invalidFormat, at: index, "\"\(excerpt(token))\" is not an RFC 3339 date-time")
    }

    /// Base64 or base64url bytes at `index`.
    func bytes(at index: Int) throws(GoogleJSONDecodingError) -> Data {
        if tokens[index].kind == .null { throw error(.valueNotFound, at: index, "expected \(Data.self), found null") }
        guard let data = GoogleBase64.decode(try string(at: index)) else {
            throw error(.invalidFormat, at: index, "not base64 or base64url")
        }
        return data
    }

    /// An integer that may be sent as a string (`int64`/`uint64`).
    func googleInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws(GoogleJSONDecodingError) -> T {
        if tokens[index].kind == .null { throw error(.valueNotFound, at: index, "expected \(T.self), found null") }
        return try integer(T.self, at: index, allowString: true)
    }

    /// An integer that must be a JSON number.
    func plainInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws(GoogleJSONDecodingError) -> T {
        if tokens[index].kind == .null { throw error(.valueNotFound, at: index, "expected \(T.self), found null") }
        return try integer(T.self, at: index, allowString: false)
    }
}
