import Foundation
import GoogleHTTP

// MARK: - MediaDownloadStream

/// The bytes of a media download as chunks, in order, resuming after dropped connections.
/// Memory stays flat: the transfer waits while the consumer is behind. Iterate it once.
public struct MediaDownloadStream: AsyncSequence, Sendable {
    public typealias Element = Data

    let download: ResumingDownload
    let progress: (@Sendable (MediaProgress) -> Void)?

    public struct AsyncIterator: AsyncIteratorProtocol {
        var download: ResumingDownload
        var body: HTTPResponseBody.AsyncIterator?
        let progress: (@Sendable (MediaProgress) -> Void)?

        public mutating func next() async throws -> Data? {
            guard let chunk = try await download.nextChunk(using: &body) else { return nil }
            progress?(MediaProgress(completedBytes: download.delivered, totalBytes: download.totalBytes))
            return chunk
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(download: download, body: nil, progress: progress)
    }
}
