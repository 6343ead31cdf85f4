// The service runtime that generated API wrappers call.
