extension UNUserNotificationCenter {
    /// Sets the number on the app's badge; `0` clears it. A negative count throws
    /// ``UNError/Code/badgeInputInvalid``.
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        try await enqueue { [self] in try await service.setBadgeCount(newBadgeCount, for: app) }.value
    }

    /// Sets the number on the app's badge; the handler gets `nil` or the ``UNError``.
    @preconcurrency
    public func setBadgeCount(
        _ newBadgeCount: Int,
        withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        enqueue({ [self] in try await service.setBadgeCount(newBadgeCount, for: app) }) { result in
            if case .failure(let error) = result { completionHandler?(error) } else { completionHandler?(nil) }
        }
    }

    /// Tells the engine whether the app is active, in the foreground — what
    /// `UIApplication`'s state says on Apple's platforms. While it is, a
    /// notification that arrives goes to the delegate's `willPresent`, which
    /// decides how it is shown; while it is not, the notification is shown as the
    /// user's settings say. The engine also marks the app active when the user
    /// opens it through a notification or a foreground action.
    ///
    /// Fire-and-forget: it takes effect before any call made after it. A
    /// failure is reported on ``errors``; ``throwing`` has the form to await.
    public func setApplicationActive(_ isActive: Bool) {
        perform("setApplicationActive") { [self] in try await setForeground(isActive) }
    }

    func setForeground(_ isActive: Bool) async throws {
        try await service.setForeground(isActive, for: app)
    }
}
