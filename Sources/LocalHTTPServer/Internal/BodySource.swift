import Foundation
import GoogleHTTPTypes

// MARK: - BodySource

/// A response body as a sequence of pieces pulled by the connection thread.
enum BodySource {
    case data(Data)
    case file(FileBodyReader)
    case stream(StreamPuller<HTTPBodyStream>, declaredLength: Int64?)

    static func make(for body: HTTPServerResponse.Body, headers: GoogleHTTPHeaders) -> Result<BodySource, FailureMessage> {
        switch body {
        case .data(let data):
            return .success(.data(data))
        case .file(let url, let range):
            guard let reader = FileBodyReader(url: url, range: range) else {
                return .failure(FailureMessage("cannot read the response file"))
            }
            return .success(.file(reader))
        case .stream(let stream):
            let declared = headers.contentLength
            return .success(.stream(StreamPuller(stream), declaredLength: declared))
        }
    }

    /// The body length when known up front.
    var length: Int64? {
        switch self {
        case .data(let data): Int64(data.count)
        case .file(let reader): reader.length
        case .stream(_, let declared): declared
        }
    }

    /// The next piece, `nil` at the end.
    func nextPiece() -> Result<Data?, any Error> {
        switch self {
        case .data(let data):
            // The writer sends `.data` together with the head; as a source it is one piece.
            return .success(data.isEmpty ? nil : data)
        case .file(let reader):
            return reader.next()
        case .stream(let puller, _):
            return puller.pull()
        }
    }
}

extension BodySource {
    struct FailureMessage: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
