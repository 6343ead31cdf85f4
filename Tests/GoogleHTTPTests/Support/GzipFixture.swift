import Foundation

// MARK: - GzipFixture

/// What the gzip tests send: listing-like JSON, compressed by the system's `gzip` through
/// `TestSupport.Gzip` so decoding is checked against an independent encoder.
enum GzipFixture {
    /// A JSON document of about `count` bytes that compresses well, like an API listing.
    static func jsonListing(count: Int) -> Data {
        var text = #"{"kind":"drive#fileList","files":["#
        var index = 0
        while text.utf8.count < count {
            if index > 0 { text += "," }
            text += #"{"kind":"drive#file","id":"file-\#(index)","name":"Report \#(index).pdf","mimeType":"application/pdf"}"#
            index += 1
        }
        return Data((text + "]}").utf8)
    }
}
