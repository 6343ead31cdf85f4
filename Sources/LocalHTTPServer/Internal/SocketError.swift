// MARK: - SocketError

/// Why a socket read or write stopped. Internal: the connection loop turns these into closes.
enum SocketError: Error, Equatable {
    /// The peer closed its side (orderly EOF) or reset the connection.
    case closed
    /// Nothing arrived within the allowed time.
    case timedOut
    /// Any other errno.
    case failed(Int32)
}
