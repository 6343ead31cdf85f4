import Foundation
import GoogleJSON

// MARK: - Decoding responses

extension GoogleJSONDecoder {
    /// Decodes a response body, turning a decoding failure into the runtime's own error so a call
    /// throws one type for everything on this side (``GoogleAPIClientError/Code/decodingFailed``,
    /// with the ``GoogleJSONDecodingError`` naming the JSON path inside).
    func decodeResponse<T: Decodable>(_ type: T.Type, from body: Data) throws(GoogleAPIClientError) -> T {
        do {
            return try decode(T.self, from: body)
        } catch let error as GoogleJSONDecodingError {
            throw GoogleAPIClientError(decoding: error)
        } catch {
            throw .decodingFailed("\(error)")
        }
    }
}
