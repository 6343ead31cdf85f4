#if canImport(CCurl)
import Foundation

// MARK: - CurlStreamReader

/// The consumer end of a streamed response. Keeps the transport alive while the body is being
/// read, and aborts the transfer when the body is dropped unfinished.
final class CurlStreamReader: Sendable {
    private let channel: CurlResponseChannel
    private let transfer: CurlTransfer
    private let transport: CurlTransport

    init(channel: CurlResponseChannel, transfer: CurlTransfer, transport: CurlTransport) {
        self.channel = channel
        self.transfer = transfer
        self.transport = transport
    }

    deinit {
        transfer.cancel()
    }

    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await channel.next()
        } onCancel: {
            transfer.cancel()
        }
    }
}
#endif
