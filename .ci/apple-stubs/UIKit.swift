// Declarations of the UIKit APIs the package and the article "In an Apple app" name, from Apple's
// documentation (each cites its page), for .ci/typecheck-apple.sh (the iOS, tvOS and visionOS
// passes; watchOS has no UIWindow). Only signatures: nothing here runs.
import Foundation

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: NSObject {
    // https://developer.apple.com/documentation/uikit/uiwindow/iskeywindow
    open var isKeyWindow: Bool { false }
}

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

// https://developer.apple.com/documentation/uikit/uiscene
@MainActor open class UIScene: NSObject {}

// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor open class UIWindowScene: UIScene {
    // https://developer.apple.com/documentation/uikit/uiwindowscene/windows
    open var windows: [UIWindow] { [] }
}

// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor open class UIApplication: NSObject {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { fatalError() }
    // https://developer.apple.com/documentation/uikit/uiapplication/connectedscenes
    open var connectedScenes: Set<UIScene> { [] }
    // https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)
    open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { .invalid }
    // https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {}
}

// https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
