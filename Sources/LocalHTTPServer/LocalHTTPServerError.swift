import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LocalHTTPServerError

/// Why a ``LocalHTTPServer`` could not start.
public struct LocalHTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// `socket(2)` failed.
        case socketCreationFailed
        /// The address or port could not be bound (for example, the port is in use).
        case bindFailed
        /// `listen(2)` failed.
        case listenFailed
        /// `start()` was called on a server that is running or was stopped.
        case invalidState
        /// The configured port is outside 0...65535.
        case invalidPort
    }

    public var kind: Kind
    /// The `errno` reported by the system call, when there was one.
    public var errno: Int32?
    public var message: String

    public init(kind: Kind, errno: Int32? = nil, message: String) {
        self.kind = kind
        self.errno = errno
        self.message = message
    }

    public var description: String {
        if let errno {
            return "LocalHTTPServerError(\(kind)): \(message) (errno \(errno): \(String(cString: strerror(errno))))"
        }
        return "LocalHTTPServerError(\(kind)): \(message)"
    }
}
