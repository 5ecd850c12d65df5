import Foundation
import Synchronization

extension NotificationEngine {
    /// What forgetting an app took away, to report once the lock is released.
    private struct Forgotten {
        var listed: [DeliveryID]
        var hadPending: Bool
        var badge: Int
        var wasDetermined: Bool
        var prompt: EngineState.Prompt?
    }

    /// Forgets an app entirely, as when it is uninstalled: its authorization and
    /// settings, categories, badge, pending requests, delivered notifications (listed
    /// or not), unhandled responses and outbox entries go from the store in one
    /// transaction, and its cached record, due entries, watched regions, foreground
    /// state and connection from memory.
    ///
    /// Afterwards the engine treats the identifier as one it has never seen: its
    /// status is ``AuthorizationStatus/notDetermined``, its settings the defaults, so
    /// an app registered again under it has to ask for authorization. Other apps are
    /// untouched. The daemon calls this when an app is removed
    /// (`DELETE /v1/apps/{app}`).
    ///
    /// Presenters withdraw the app's listed deliveries and set its badge to 0; the
    /// matching ``events`` are ``NotificationEvent/withdrawn(app:deliveries:)``,
    /// ``NotificationEvent/pendingChanged(app:)``, ``NotificationEvent/badgeChanged(app:badge:)``
    /// and ``NotificationEvent/authorizationChanged(app:status:)`` (to `notDetermined`),
    /// each only if there was something to change. Callers waiting in
    /// `requestAuthorization` for the user's answer get `false`. A foreground
    /// handler's late answer about one of the app's deliveries presents nothing.
    ///
    /// ```swift
    /// try engine.forgetApp("com.example.shopping")
    /// try engine.preferences(for: "com.example.shopping").authorizationStatus  // .notDetermined
    /// ```
    ///
    /// - Parameter app: The app to forget; forgetting one the engine does not know does nothing.
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier``, or
    ///   ``NotificationError/Code/storeFailure`` and nothing changed.
    public func forgetApp(_ app: AppIdentifier) throws {
        try Validator.validateApp(app)
        let forgotten = try scheduling.withLock { scheduling in
            let record = try record(app, in: &scheduling)
            let (listed, answered) = try write(locking: [app]) { transaction in
                let listed = try transaction.listedDeliveries(app).map(\.id)
                let answered = try transaction.unhandledResponses(app).map(\.delivery.id)
                try transaction.deleteApp(app)
                return (listed, answered)
            }
            let hadPending = (scheduling.core.pendingCounts[app] ?? 0) > 0
            scheduling.core.removedAll(of: app)
            if hadPending { pendingChanged() }
            refillIfNeeded(&scheduling)
            let prompt = state.withLock { state in
                drop(app, answered: answered, in: &state)
                return state.prompts.removeValue(forKey: app)
            }
            return Forgotten(
                listed: listed, hadPending: hadPending, badge: record.badge,
                wasDetermined: record.preferences.authorizationStatus != .notDetermined, prompt: prompt)
        }
        report(forgotten, of: app)
        sweepAttachments()
    }

    /// Drops the app's cached record and wiring; the store no longer has it.
    private func drop(_ app: AppIdentifier, answered: [DeliveryID], in state: inout EngineState) {
        state.appsGeneration &+= 1
        state.apps[app] = nil
        state.setForeground(false, for: app)
        state.connections[app] = nil
        state.responsesInFlight.subtract(answered)
    }

    private func report(_ forgotten: Forgotten, of app: AppIdentifier) {
        let presenters = self.presenters
        if !forgotten.listed.isEmpty {
            presenters.forEach { $0.withdraw(forgotten.listed, of: app) }
            emit(.withdrawn(app: app, deliveries: forgotten.listed))
        }
        if forgotten.hadPending {
            emit(.pendingChanged(app: app))
        }
        if forgotten.badge != 0 {
            presenters.forEach { $0.badgeChanged(to: 0, for: app) }
            emit(.badgeChanged(app: app, badge: 0))
        }
        if forgotten.wasDetermined || forgotten.prompt != nil {
            emit(.authorizationChanged(app: app, status: .notDetermined))
        }
        forgotten.prompt?.waiters.forEach { $0.resume(returning: false) }
    }
}
