// MARK: - RecentResumeTokens

/// The resume tokens of the most recently delivered elements, at most ``capacity`` of them, so a
/// resumed connection that sends those elements again can be recognized without the memory
/// growing over a long stream.
///
/// A server that honours the resume token never sends an element whose token was delivered
/// before (by the token's contract, such an element holds nothing after that point); a server
/// that ignores it starts over with the history, whose tokens are all here when the history is
/// no longer than ``capacity`` elements.
struct RecentResumeTokens: Sendable {
    /// How many tokens are remembered (a few hundred KiB at most for Google's tokens).
    static let capacity = 1024

    private var members: Set<String> = []
    private var order: [String] = []
    /// Where the next token goes once `order` is full (the oldest one).
    private var next = 0

    func contains(_ token: String) -> Bool { members.contains(token) }

    /// Remembers `token`, forgetting the oldest one when full.
    mutating func insert(_ token: String) {
        guard members.insert(token).inserted else { return }
        if order.count < Self.capacity {
            order.append(token)
        } else {
            members.remove(order[next])
            order[next] = token
            next = (next + 1) % Self.capacity
        }
    }
}
