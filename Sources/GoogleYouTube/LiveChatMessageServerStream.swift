// MARK: - LiveChatMessageServerStream

/// The messages of one live chat the moment YouTube posts them, over the server-streaming
/// `liveChat.messages.stream` endpoint (`liveChatMessages.streamList`): one open response that
/// first carries recent history, then each new batch as it is posted.
///
/// Obtain one from ``YouTube/LiveChatMessagesResource/streamedMessages(liveChatId:part:hl:maxResults:profileImageSize:framing:)``:
///
///     for try await message in youtube.liveChatMessages.streamedMessages(liveChatId: chatID) {
///         print(message.snippet?.displayMessage ?? "")
///     }
///
/// After a dropped connection, a 5xx or a stall it reconnects with the last `nextPageToken` as
/// `pageToken` (the session's retry policy decides how often and how long), so no message is
/// repeated or lost; a server that keeps sending what was already delivered instead ends it
/// with `ServerStreamError` code `resumeWithoutProgress` once those attempts are spent. It ends
/// when the chat does: a batch with `offlineAt` (its messages are
/// delivered first), a `liveChatEnded` or `liveChatDisabled` error, or the server closing the
/// stream's array. Memory stays flat however long the chat runs: one batch at a time.
///
/// ``LiveChatMessageStream`` (``YouTube/LiveChatMessagesResource/messages(liveChatId:part:hl:maxResults:profileImageSize:minimumInterval:)``)
/// polls `liveChatMessages.list` instead, at the server's interval.
public struct LiveChatMessageServerStream: AsyncSequence, Sendable {
    public typealias Element = YouTube.LiveChatMessage

    /// The stream's elements themselves: each a `LiveChatMessageListResponse` holding a batch of
    /// messages, its `nextPageToken`, and `offlineAt` on the last.
    public let responses: ServerStream<YouTube.LiveChatMessageListResponse>

    /// What ends a chat stream normally instead of failing it.
    static let endingReasons: Set<String> = ["liveChatEnded", "liveChatDisabled"]

    /// The options YouTube's chat stream needs: resume by `pageToken`, end at `offlineAt`.
    static func options(framing: ServerStreamFraming) -> ServerStreamOptions<YouTube.LiveChatMessageListResponse> {
        ServerStreamOptions(
            framing: framing, resumption: .pageToken { $0.nextPageToken }, isFinal: { $0.offlineAt != nil },
            endingErrorReasons: endingReasons)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(responses: responses.makeAsyncIterator())
    }

    // MARK: - Iterator

    /// Hands out one batch's messages, then reads the next batch.
    public struct Iterator: AsyncIteratorProtocol {
        var responses: ServerStream<YouTube.LiveChatMessageListResponse>.Iterator
        var batch: [YouTube.LiveChatMessage] = []
        var index = 0

        public mutating func next() async throws -> YouTube.LiveChatMessage? {
            while index >= batch.count {
                guard let response = try await responses.next() else { return nil }
                batch = response.items ?? []
                index = 0
            }
            defer { index += 1 }
            return batch[index]
        }
    }
}

// MARK: - LiveChatMessagesResource

extension YouTube.LiveChatMessagesResource {
    /// The chat's messages as they are posted, over one long-lived streaming response (see
    /// ``LiveChatMessageServerStream``). Nothing is sent until the sequence is iterated.
    /// - Parameters:
    ///   - liveChatId: The chat (`snippet.liveChatId` of the broadcast, or a video's
    ///     `liveStreamingDetails.activeLiveChatId`).
    ///   - part: Parts to fetch for each message.
    ///   - hl: Language for currency amounts in Super Chat details.
    ///   - maxResults: Most messages per batch (200–2000 on YouTube).
    ///   - profileImageSize: Size of the authors' profile images.
    ///   - framing: `.jsonArray` (the default) or `.serverSentEvents` (`alt=sse`).
    /// - Returns: A sequence that throws the API's error for anything but the chat ending.
    public func streamedMessages(
        liveChatId: String, part: [GoogleResourcePart<YouTube.LiveChatMessage>] = [.id, .snippet, .authorDetails], hl: String? = nil,
        maxResults: UInt32? = nil, profileImageSize: UInt32? = nil, framing: ServerStreamFraming = .jsonArray
    ) -> LiveChatMessageServerStream {
        // The generated method (a server stream: it resumes with `pageToken` by itself) with
        // the chat's end rules.
        let messages = YouTube.YoutubeResource.V3Resource.LiveChatResource.MessagesResource(client: client)
        return LiveChatMessageServerStream(
            responses: messages.stream(
                hl: hl, liveChatId: liveChatId, maxResults: maxResults, part: part, profileImageSize: profileImageSize,
                options: .options(framing: framing)))
    }
}

extension ServerStreamOptions where Element == YouTube.LiveChatMessageListResponse {
    fileprivate static func options(framing: ServerStreamFraming) -> Self {
        LiveChatMessageServerStream.options(framing: framing)
    }
}
