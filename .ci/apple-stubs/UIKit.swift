// Declarations of the UIKit APIs the package names, from Apple's documentation, for
// .ci/typecheck-apple.sh (the iOS pass). Only signatures: nothing here runs.
import Foundation

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: NSObject {}
