// MARK: - GoogleSessionObserver

/// Receives a session's ``GoogleSessionEvent``s (``AuthorizedSession/Configuration/observers``).
///
/// ``observe(_:)`` is called synchronously on the task that caused the event, never on the
/// transport's thread: it must return quickly and must not block (hand slow work to a task or a
/// stream of your own).
public protocol GoogleSessionObserver: Sendable {
    /// Called once per event, on the task that caused it.
    func observe(_ event: GoogleSessionEvent)
}

// MARK: - GoogleEventHandler

/// A ``GoogleSessionObserver`` made of a closure: ``GoogleSessionObserver/events(_:)`` for every
/// event, ``GoogleSessionObserver/retryWaits(_:)`` for the waits before retries only.
public struct GoogleEventHandler: GoogleSessionObserver {
    private let handler: @Sendable (GoogleSessionEvent) -> Void

    /// - Parameter handler: Called with each event.
    public init(_ handler: @escaping @Sendable (GoogleSessionEvent) -> Void) {
        self.handler = handler
    }

    public func observe(_ event: GoogleSessionEvent) {
        handler(event)
    }
}

extension GoogleSessionObserver where Self == GoogleEventHandler {
    /// An observer calling `handler` with every event.
    /// - Parameter handler: Called with each event.
    public static func events(_ handler: @escaping @Sendable (GoogleSessionEvent) -> Void) -> GoogleEventHandler {
        GoogleEventHandler(handler)
    }

    /// An observer calling `handler` before each wait before a retry (``GoogleSessionEvent/Kind/retryScheduled``),
    /// e.g. to tell the user why nothing seems to happen: `waiting 32 s before retry 2 of 4 (429 rate limit exceeded)`.
    /// - Parameter handler: Called with each wait.
    public static func retryWaits(_ handler: @escaping @Sendable (RetryWait) -> Void) -> GoogleEventHandler {
        GoogleEventHandler { event in
            if let wait = event.retryWait { handler(wait) }
        }
    }
}
