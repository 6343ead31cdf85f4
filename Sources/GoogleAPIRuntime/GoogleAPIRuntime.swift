// The service runtime that generated API wrappers call. Re-exports what callers of a generated
// module need, so `import GoogleDrive` alone gives access to sessions, credentials and transports.

@_exported public import Foundation
@_exported public import GoogleAuth
@_exported public import GoogleHTTP
