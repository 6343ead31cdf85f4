#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - UploadSessionStoreError

/// Why a ``FileUploadSessionStore`` could not load, save or delete a session. Never carries the
/// session URI.
public enum UploadSessionStoreError: Error, Sendable, Hashable {
    /// The file exists but is not a saved session (damaged, another format, too large).
    case corrupt(path: String, reason: String)
    /// A file-system call failed.
    case io(operation: String, path: String, errno: Int32)
    /// Other users can read or write the file, or another user owns it; nothing was read from it.
    case unsafeFile(path: String, reason: String)
}

// MARK: - CustomStringConvertible

extension UploadSessionStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .corrupt(let path, let reason):
            "The saved upload session \(path) is damaged (\(reason)); delete it to start the upload over."
        case .io(let operation, let path, let errno):
            "\(operation) failed for \(path): \(String(cString: strerror(errno))) (errno \(errno))."
        case .unsafeFile(let path, let reason):
            "Refusing to use \(path): \(reason)."
        }
    }
}
