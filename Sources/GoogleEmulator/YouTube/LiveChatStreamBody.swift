import Foundation
import GoogleJSON

// MARK: - LiveChatStreamBody

/// The body of a `liveChat/messages/stream` response: the chat's recent history, then each new
/// message the moment it is posted, as elements of one JSON array written incrementally
/// (`[{…}`, `,\r\n{…}`, …, `\r\n]`) or as server-sent events (`data: {…}` blocks, `alt=sse`).
///
/// Every element is a `youtube#liveChatMessageListResponse` with a `nextPageToken` that resumes
/// right after it. When the chat has ended the last element carries `offlineAt` and the array is
/// closed. While nothing happens a keep-alive (CRLF, or an SSE comment) goes out every
/// `keepAlive`, which also tells the server when the client has gone. A scripted drop
/// (``ChatUpdates/dropStreams()``) sends half of the next element and closes the connection.
///
/// Pulled by the server from the connection's own thread; it waits by suspending, never blocking.
struct LiveChatStreamBody: AsyncSequence, Sendable {
    typealias Element = Data

    struct Request: Sendable {
        var chatID: String
        var parts: Set<String>
        var maxResults: Int
        /// Index of the first message to send.
        var offset: Int
        var serverSentEvents: Bool
        var keepAlive: Duration
        var observer: (@Sendable ([String]) -> Void)?
    }

    let request: Request
    let store: YouTubeStore

    /// What the stream throws to cut the connection (the server then ends the body unfinished).
    struct ScriptedDrop: Error, CustomStringConvertible {
        var description: String { "the emulator dropped the chat stream (scripted fault)" }
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(request: request, store: store, dropEpoch: store.chatUpdates.dropEpoch)
    }

    // MARK: - Iterator

    struct Iterator: AsyncIteratorProtocol {
        let request: Request
        let store: YouTubeStore
        let dropEpoch: Int
        var offset: Int
        var opened = false
        /// Whether an element went out: the next one needs the `,` separator (an empty chat
        /// opens the array with `[` alone, and its first element must not follow a comma).
        var wroteElement = false
        var finished = false
        var cutPending = false

        init(request: Request, store: YouTubeStore, dropEpoch: Int) {
            self.request = request
            self.store = store
            self.dropEpoch = dropEpoch
            self.offset = request.offset
        }

        mutating func next() async throws -> Data? {
            if cutPending { throw ScriptedDrop() }
            if finished { return nil }
            let updates = store.chatUpdates
            while true {
                let generation = updates.generation
                guard let chat = store.chat(request.chatID), !updates.isStopped else {
                    // The chat was deleted or the emulator stops: close the stream.
                    finished = true
                    return framed(closing: true, element: nil)
                }
                let pending = chat.messages.count - offset
                let ended = chat.endedAt
                if pending > 0 || ended != nil {
                    let batch = chat.messages.dropFirst(offset).prefix(request.maxResults)
                    offset += batch.count
                    let last = ended != nil && offset >= chat.messages.count
                    let element = Self.element(
                        batch.map { $0.json(parts: request.parts) }, chatID: request.chatID, next: offset,
                        total: chat.messages.count, offlineAt: last ? ended : nil)
                    if updates.dropEpoch != dropEpoch {
                        cutPending = true
                        let whole = framed(closing: false, element: element)
                        return whole.prefix(Swift.max(1, whole.count / 2))
                    }
                    if last { finished = true }
                    let bytes = framed(closing: last, element: element)
                    request.observer?(batch.map(\.id))
                    return bytes
                }
                if updates.dropEpoch != dropEpoch { throw ScriptedDrop() }
                if !opened {
                    // An empty chat: open the array now so the client sees the stream start.
                    return framed(closing: false, element: nil)
                }
                await updates.wait(after: generation, timeout: request.keepAlive)
                if updates.generation == generation && !updates.isStopped {
                    return request.serverSentEvents ? Data(":\r\n".utf8) : Data("\r\n".utf8)
                }
            }
        }

        /// The bytes for `element` (and the array's brackets as due) in the stream's framing.
        private mutating func framed(closing: Bool, element: Data?) -> Data {
            var bytes = Data()
            if request.serverSentEvents {
                if let element {
                    bytes.append(contentsOf: "data: ".utf8)
                    bytes.append(element)
                    bytes.append(contentsOf: "\r\n\r\n".utf8)
                }
                opened = true
                return bytes
            }
            if !opened { bytes.append(UInt8(ascii: "[")) }
            if let element {
                if wroteElement { bytes.append(contentsOf: ",\r\n".utf8) }
                bytes.append(element)
                wroteElement = true
            }
            opened = true
            if closing { bytes.append(contentsOf: "\r\n]".utf8) }
            return bytes
        }

        static func element(_ items: [JSONValue], chatID: String, next: Int, total: Int, offlineAt: Date?) -> Data {
            let token = PageToken.make(offset: next, scope: "chat|\(chatID)")
            let members: [(String, JSONValue?)] = [
                ("kind", .string("youtube#liveChatMessageListResponse")),
                ("etag", .string(YouTubeParts.etag("stream", chatID, String(next)))),
                ("nextPageToken", .string(token)),
                ("offlineAt", offlineAt.map { .string(RFC3339.format($0)) }),
                ("pageInfo", .members([("totalResults", .integer(Int64(total))), ("resultsPerPage", .integer(Int64(items.count)))])),
                ("items", .array(items)),
            ]
            return JSONValue.compactObject(members).serialized
        }
    }
}
