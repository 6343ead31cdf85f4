import Foundation
import GoogleBase

// MARK: - EmulatorTestHooks

/// Internal algorithms exposed for the emulator's own tests (package access only).
package enum EmulatorTestHooks {
    package static func md5(_ data: Data) -> String {
        ContentMD5.hex(of: data)
    }

    package static func md5(pieces: [Data]) -> String {
        var digest = ContentMD5()
        for piece in pieces { digest.update(piece) }
        return digest.finalizeHex()
    }
}
