#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - TokenStoreError

/// Why a ``TokenStore`` could not load, save or delete credentials. Never carries token values.
///
/// Match on ``code``, a growable set of values (a `switch` needs a `default`); the other fields
/// are set by the codes that have them.
public struct TokenStoreError: Error, Sendable, Hashable {
    /// What went wrong.
    public var code: Code
    /// The file concerned (``Code/corrupt``, ``Code/io``, ``Code/unsafeFile``).
    public var path: String?
    /// What is wrong with it, for people.
    public var reason: String?
    /// The failed call (``Code/io``: `open`, `rename`, …; ``Code/keychain``: `add`, …).
    public var operation: String?
    /// The `errno` of a failed file-system call (``Code/io``).
    public var errno: Int32?
    /// The `OSStatus` of a failed Keychain call (``Code/keychain``).
    public var status: Int32?

    /// An error with `code` and the fields it needs.
    public init(
        code: Code, path: String? = nil, reason: String? = nil, operation: String? = nil, errno: Int32? = nil,
        status: Int32? = nil
    ) {
        self.code = code
        self.path = path
        self.reason = reason
        self.operation = operation
        self.errno = errno
        self.status = status
    }
}

// MARK: - Code

extension TokenStoreError {
    /// What went wrong. New codes may appear in later releases, so a `switch` needs a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The stored file exists but is not valid stored credentials.
        public static let corrupt = Code(rawValue: "corrupt")
        /// A file-system call failed.
        public static let io = Code(rawValue: "io")
        /// A Keychain call failed.
        public static let keychain = Code(rawValue: "keychain")
        /// Credentials could not be encoded.
        public static let encodingFailed = Code(rawValue: "encodingFailed")
        /// A file the store uses is not safe to use: the token file is readable or writable by
        /// other users or owned by another user (the store refuses it, as `ssh` refuses such a
        /// private key), or the lock file is a symbolic link. Nothing was read from or written through it.
        public static let unsafeFile = Code(rawValue: "unsafeFile")

        /// Lets a code stand for the errors that have it: `case .unsafeFile:` in a `switch` over a
        /// ``TokenStoreError``.
        public static func ~= (pattern: Code, value: TokenStoreError) -> Bool { value.code == pattern }

        /// Lets a code stand for the errors that have it in a `catch`: `catch TokenStoreError.Code.unsafeFile`.
        public static func ~= (pattern: Code, value: any Error) -> Bool { (value as? TokenStoreError)?.code == pattern }
    }

    // MARK: Shorthands for the package's own code (callers use the initializer)

    /// ``Code/corrupt``.
    package static func corrupt(path: String, reason: String) -> Self { Self(code: .corrupt, path: path, reason: reason) }
    /// ``Code/io``.
    package static func io(operation: String, path: String, errno: Int32) -> Self {
        Self(code: .io, path: path, operation: operation, errno: errno)
    }
    /// ``Code/keychain``.
    package static func keychain(operation: String, status: Int32) -> Self { Self(code: .keychain, operation: operation, status: status) }
    /// ``Code/encodingFailed``.
    package static func encodingFailed(reason: String) -> Self { Self(code: .encodingFailed, reason: reason) }
    /// ``Code/unsafeFile``.
    package static func unsafeFile(path: String, reason: String) -> Self { Self(code: .unsafeFile, path: path, reason: reason) }
}

// MARK: - CustomStringConvertible

extension TokenStoreError: CustomStringConvertible {
    public var description: String {
        let path = path ?? "the token file"
        switch code {
        case .corrupt:
            return "The token file at \(path) is corrupt (\(reason ?? "unreadable")); signing in again replaces it."
        case .io:
            let number = errno ?? 0
            return "\(operation ?? "access") failed for \(path): \(String(cString: strerror(number))) (errno \(number))."
        case .keychain:
            let status = status ?? 0
            let why = KeychainStatus.explanation(of: status).map { ": \($0)" } ?? ""
            return "Keychain \(operation ?? "call") failed with status \(status)\(why). Stored tokens are unchanged."
        case .encodingFailed:
            return "The credentials could not be encoded: \(reason ?? "")."
        case .unsafeFile:
            return "Refusing to use \(path): \(reason ?? "")."
        default:
            return "Token store error \(code) for \(path): \(reason ?? "")."
        }
    }
}
