#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - TokenStoreError

/// Why a ``TokenStore`` could not load, save or delete credentials. Never carries token values.
public enum TokenStoreError: Error, Sendable, Hashable {
    /// The stored file exists but is not valid stored credentials.
    case corrupt(path: String, reason: String)
    /// A file-system call failed.
    case io(operation: String, path: String, errno: Int32)
    /// A Keychain call failed with this `OSStatus`.
    case keychain(operation: String, status: Int32)
    /// Credentials could not be encoded.
    case encodingFailed(reason: String)
    /// A file the store uses is not safe to use: the token file is readable or writable by other
    /// users or owned by another user (the store refuses it, as `ssh` refuses such a private
    /// key), or the lock file is a symbolic link. Nothing was read from or written through it.
    case unsafeFile(path: String, reason: String)
}

// MARK: - CustomStringConvertible

extension TokenStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .corrupt(let path, let reason):
            "The token file at \(path) is corrupt (\(reason)); signing in again replaces it."
        case .io(let operation, let path, let errno):
            "\(operation) failed for \(path): \(String(cString: strerror(errno))) (errno \(errno))."
        case .keychain(let operation, let status):
            "Keychain \(operation) failed with status \(status)."
        case .encodingFailed(let reason):
            "The credentials could not be encoded: \(reason)."
        case .unsafeFile(let path, let reason):
            "Refusing to use \(path): \(reason)."
        }
    }
}
