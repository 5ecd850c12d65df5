import Synchronization
extension UIApplication {
    /// Whether the app is on screen.
    public enum State: Int, Sendable, Hashable {
        /// In the foreground, receiving events: a notification that arrives is
        /// not shown; the delegate's `application(_:didReceive:)` gets it.
        case active = 0
        /// In the foreground but not receiving events, as while it opens for a
        /// notification the user tapped. Arrivals are handled as when active.
        case inactive = 1
        /// Not on screen: notifications are shown to the user.
        case background = 2
    }

    /// The app's state. It starts as ``State/background`` (the service treats an
    /// app as in the background until told otherwise); it becomes
    /// ``State/active`` when the user opens the app from a notification, and
    /// changes with ``setApplicationState(_:)``.
    public var applicationState: State {
        runtime.withLock { $0.state }
    }

    /// Moves the app to the foreground or the background and tells the service,
    /// which then hands arriving notifications to the app (`.active`,
    /// `.inactive`) or shows them (`.background`). Becoming active calls the
    /// delegate's `applicationDidBecomeActive(_:)`, entering the background its
    /// `applicationDidEnterBackground(_:)`.
    public func setApplicationState(_ state: State) async throws {
        try await connected()
        try await service.setForeground(state != .background, for: appIdentifier)
        let previous = runtime.withLock { runtime in
            defer { runtime.state = state }
            return runtime.state
        }
        if state == .active, previous != .active {
            delegate?.applicationDidBecomeActive(self)
        } else if state == .background, previous != .background {
            delegate?.applicationDidEnterBackground(self)
        }
    }

    /// Runs `body` as iOS does when the user opens the app from a notification:
    /// the app is `.inactive` while the delegate handles it, then becomes
    /// `.active` and the delegate's `applicationDidBecomeActive(_:)` is called.
    /// An app already active stays so.
    func opening(_ body: () -> Void) {
        let wasActive = runtime.withLock { runtime in
            let wasActive = runtime.state == .active
            if !wasActive { runtime.state = .inactive }
            return wasActive
        }
        body()
        guard !wasActive else { return }
        runtime.withLock { $0.state = .active }
        delegate?.applicationDidBecomeActive(self)
    }
}
