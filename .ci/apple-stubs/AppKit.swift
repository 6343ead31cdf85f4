// Declarations of the AppKit APIs the package names, from Apple's documentation, for
// .ci/typecheck-apple.sh (the macOS pass). Only signatures: nothing here runs.
import Foundation

// https://developer.apple.com/documentation/appkit/nswindow
@MainActor open class NSWindow: NSObject {}
