import Logging

extension UNUserNotificationCenter {
    /// Schedules a request, replacing a pending one with the same identifier.
    ///
    /// Throws a ``UNError``: ``UNError/Code/notificationsNotAllowed`` when the app is
    /// not authorized, ``UNError/Code/invalidTrigger`` for an interval ≤ 0 or a
    /// repeating one under 60 s, ``UNError/Code/unknownCategory``,
    /// ``UNError/Code/invalidUserInfo``, ``UNError/Code/pendingLimitReached``, ….
    /// A request without a trigger is delivered before this returns.
    public func add(_ request: UNNotificationRequest) async throws {
        try await enqueue { [self] in try await addNow(request) }.value
    }

    /// Schedules a request; the handler gets `nil` or the ``UNError``. Without a
    /// handler a failure has no other way out, so it is reported on ``errors``.
    @preconcurrency
    public func add(
        _ request: UNNotificationRequest,
        withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        guard let completionHandler else {
            return perform("add") { [self] in try await addNow(request) }
        }
        enqueue({ [self] in try await addNow(request) }) { result in
            if case .failure(let error) = result { completionHandler(error) } else { completionHandler(nil) }
        }
    }

    /// The app's requests waiting to fire. A trigger's `nextTriggerDate()` is the
    /// date the engine will fire it.
    ///
    /// Apple's form has no error channel: a failure is reported on ``errors``
    /// and the list is empty; ``throwing`` has the form that throws.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        await fetch("pendingNotificationRequests", fallback: [], fetchPending)
    }

    /// The app's requests waiting to fire. Apple's handler has no error: a failure
    /// is logged and the handler gets an empty list.
    @preconcurrency
    public func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        enqueue(fetchPending) { [self] result in
            completionHandler(value(of: result, "getPendingNotificationRequests", fallback: []))
        }
    }

    /// Removes the app's pending requests with these identifiers; unknown ones are ignored.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it. A failure is reported on ``errors``; ``throwing`` has the
    /// form to await.
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        perform("removePendingNotificationRequests") { [self] in try await removePending(identifiers) }
    }

    /// Removes all the app's pending requests.
    ///
    /// Fire-and-forget as on Apple's platforms: it takes effect before any call
    /// made after it. A failure is reported on ``errors``; ``throwing`` has the
    /// form to await.
    public func removeAllPendingNotificationRequests() {
        perform("removeAllPendingNotificationRequests") { [self] in try await removeAllPending() }
    }

    func removePending(_ identifiers: [String]) async throws {
        try await service.removePendingRequests(withIdentifiers: identifiers, for: app)
    }

    func removeAllPending() async throws {
        try await service.removeAllPendingRequests(for: app)
    }

    private func addNow(_ request: UNNotificationRequest) async throws {
        let engineRequest = try request.engineRequest(localizingWith: localizationBundle)
        let result = try await service.add(engineRequest, for: app)
        if !result.evictedIdentifiers.isEmpty {
            logger.notice("pending limit reached: dropped \(result.evictedIdentifiers) to add \(request.identifier)")
        }
    }

    func fetchPending() async throws -> [UNNotificationRequest] {
        try await service.pendingRequests(for: app).map {
            UNNotificationRequest($0.request, nextFireDate: $0.nextFireDate)
        }
    }
}
