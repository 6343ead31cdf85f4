// Declarations of the UIKit APIs the package names, from Apple's documentation, for
// .ci/typecheck-apple.sh (the iOS pass). Only signatures: nothing here runs.
import Foundation

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: NSObject {}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: NSObject {
    // https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? { nil }
}

// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: NSObject {
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! { nil }
}
