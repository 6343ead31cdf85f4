// Declarations of the SwiftUI APIs the article "In an Apple app" uses, from Apple's
// documentation (each cites its page), for .ci/typecheck-apple.sh (the iOS pass). Only
// signatures: nothing here runs.
import Foundation

// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    // https://developer.apple.com/documentation/swiftui/view/body-8kl5o
    @ViewBuilder var body: Body { get }
}

// https://developer.apple.com/documentation/swiftui/view (Never conforms: a primitive view's body)
extension Never: View {
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/view (Optional conforms when Wrapped: View)
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/tupleview
public struct TupleView<T>: View {
    public init(_ value: T) {}
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder public struct ViewBuilder {
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)-8oo17
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:_:)
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> { fatalError() }
    // https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

// https://developer.apple.com/documentation/swiftui/text
public struct Text: View {
    // https://developer.apple.com/documentation/swiftui/text/init(_:)-9d1g4
    public init<S: StringProtocol>(_ content: S) {}
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    // https://developer.apple.com/documentation/swiftui/button/init(_:action:)-lpm7
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
}

// https://developer.apple.com/documentation/swiftui/vstack
public struct VStack<Content: View>: View {
    // https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

// https://developer.apple.com/documentation/swiftui/state
@propertyWrapper public struct State<Value> {
    // https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) {}
    // https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
}
