// MARK: - SessionEvents

/// Where a session's events go: its observers, each told synchronously on the calling task. An
/// event is built only when someone observes (the session's direct path builds none).
struct SessionEvents: Sendable {
    let observers: [any GoogleSessionObserver]

    init(_ observers: [any GoogleSessionObserver]) {
        self.observers = observers
    }

    @inline(__always)
    func emit(_ event: @autoclosure () -> GoogleSessionEvent) {
        guard !observers.isEmpty else { return }
        let event = event()
        for observer in observers { observer.observe(event) }
    }
}

// MARK: - Emitting

extension AuthorizedSession {
    /// Tells the session's ``Configuration/observers`` about `event`, synchronously on the
    /// calling task; `event` is not even built when the session has none. For modules that
    /// report steps of their own (a YouTube broadcast's lifecycle, a Drive change feed's pages)
    /// as the session reports its retries and refreshes.
    /// - Parameter event: The event, redacted when it is made.
    public func emit(_ event: @autoclosure () -> GoogleSessionEvent) {
        events.emit(event())
    }

    /// Whether anyone observes this session's events: an emitter with costly attributes may skip
    /// building them.
    public var hasObservers: Bool { !events.observers.isEmpty }
}
