import Foundation
import Logging
import Synchronization
import Signals

extension NotificationEngine {
    /// The delivery with this identifier, of any app, whether or not it is still
    /// in the notification center or answered; `nil` if there is none.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the store cannot be read.
    public func delivery(_ id: DeliveryID) throws -> Delivery? {
        try read { try $0.delivery(id) }?.delivery
    }

    /// Answers a delivery as the user, from a presenter: like
    /// ``respond(to:actionIdentifier:userText:authenticated:for:)`` for the app the
    /// delivery belongs to.
    ///
    /// - Parameters:
    ///   - id: The ``Delivery/id`` of the delivery answered, as the presenter got it.
    ///   - actionIdentifier: ``NotificationAction/defaultIdentifier`` for a tap,
    ///     ``NotificationAction/dismissIdentifier`` for a dismissal, or the identifier
    ///     of one of the category's actions.
    ///   - userText: The text typed into a text-input action; `nil` (the default) otherwise.
    ///   - authenticated: Whether the user is authenticated, which
    ///     ``NotificationAction/Options/authenticationRequired`` actions need.
    /// - Throws: ``NotificationError/Code/deliveryNotFound`` when no delivery has this
    ///   identifier or it was already answered, and the errors of
    ///   ``NotificationService/respond(to:actionIdentifier:userText:authenticated:for:)``.
    public func respond(
        to id: DeliveryID, actionIdentifier: String, userText: String? = nil, authenticated: Bool
    ) throws {
        guard let stored = try read({ try $0.delivery(id) }) else {
            throw NotificationError(.deliveryNotFound, "there is no delivery \(id)")
        }
        try respondNow(
            to: id, actionIdentifier: actionIdentifier, userText: userText, authenticated: authenticated,
            for: stored.delivery.app)
    }

    /// Runs the responding flow (``RespondingFlow``), each of its actions in the
    /// one `switch` of ``perform(_:of:in:)``. The whole run holds the
    /// `scheduling` lock but for the actions left for after it.
    func respondNow(
        to id: DeliveryID, actionIdentifier: String, userText: String?, authenticated: Bool, for app: AppIdentifier
    ) throws {
        try Validator.validateApp(app)
        var responding = RespondingRun(flow: RespondingFlow(RespondingFlow.Answer(
            id: id, app: app, actionIdentifier: actionIdentifier.canonical, userText: userText,
            authenticated: authenticated)))
        try scheduling.withLock { scheduling in
            var actions = try responding.flow.handle(.deliveryRead(try read { try $0.delivery(id) }))[...]
            while let action = actions.popFirst() {
                actions += try perform(action, of: &responding, in: &scheduling)
            }
        }
        for work in responding.afterLocks {
            work()
        }
    }

    /// Runs one action of the responding flow where it belongs, and returns the
    /// flow's next actions: the reads and the answer's transaction here, under
    /// the `scheduling` lock; the memory changes of the commit under the `state`
    /// lock as well, before the `scheduling` lock is released (lock order
    /// `scheduling`, then `state`); what calls out (presenters, events, the
    /// responses signal, the app's handler, the attachment sweep) is left in
    /// `responding` for after both locks.
    private func perform(
        _ action: RespondingFlow.Action, of responding: inout RespondingRun, in scheduling: inout Scheduling
    ) throws -> [RespondingFlow.Action] {
        switch action {
        case .readRecord(let app):
            return try responding.flow.handle(.recordRead(try record(app, in: &scheduling), now: scheduler.now))
        case .write(let decision):
            try commitAnswer(decision)
            let app = responding.flow.answer.app
            let handler = state.withLock { $0.connections[app]?.handler }
            responding.handler = handler
            return try responding.flow.handle(.committed(isConnected: handler != nil))
        case .bringToForeground(let app):
            state.withLock { $0.setForeground(true, for: app) }
        case .trackInFlight(let id):
            state.withLock { _ = $0.responsesInFlight.insert(id) }
        case .withdraw(let id, let app):
            responding.later { self.presenters.forEach { $0.withdraw([id], of: app) } }
        case .emit(let event):
            responding.later { self.emit(event) }
        case .publish(let response):
            responding.later { self.responseSubject.send(response) }
        case .handToApp(let response):
            let handler = responding.handler
            responding.later { handler.map { self.hand(response, to: $0) } }
        case .sweepAttachments:
            responding.later { self.sweepAttachments() }
        }
        return []
    }

    /// Writes the answer: the delivery answered and out of the notification
    /// center, the response saved if it reaches the app, with the app locked.
    private func commitAnswer(_ decision: ResponseDecision) throws {
        let (id, app) = (decision.response.delivery.id, decision.response.delivery.app)
        try coordinatedWrite { transaction, coordinator in
            try coordinator.lockApps([app])
            try coordinator.requireUnanswered(id, of: app, in: transaction)
            try transaction.updateDelivery(id, isListed: false, isAnswered: true)
            if decision.reachesApp { try transaction.saveResponse(decision.response) }
        }
    }

    /// Gives a response to the app's handler; once it completes (or times out)
    /// the response is marked handled, so it is not handed over again.
    func hand(_ response: NotificationResponse, to handler: any NotificationAppHandler) {
        let id = response.delivery.id
        let call = HandlerCall<Void>(
            engine: self, what: "didReceive for delivery \(id) of \(response.delivery.app)", fallback: ()
        ) { [weak self] in
            self?.markHandled(id)
        }
        var answered = response
        answered.delivery = withStoreURLs(response.delivery)
        handler.didReceive(answered) { call.complete(()) }
    }

    private func markHandled(_ id: DeliveryID) {
        state.withLock { _ = $0.responsesInFlight.remove(id) }
        do {
            let frees = try write { transaction in
                try transaction.markResponseHandled(id)
                let stored = try transaction.delivery(id)
                return stored.map { !$0.isListed && !$0.delivery.request.content.attachments.isEmpty } ?? false
            }
            if frees { sweepAttachments() }
        } catch {
            logger.error("marking the response to \(id) handled failed; it will be handed over again: \(error)")
        }
    }

    func connectNow(_ handler: any NotificationAppHandler, for app: AppIdentifier) throws -> any Disposable {
        try Validator.validateApp(app)
        let role = handler.role
        // Responses are saved under the `scheduling` lock: none is saved between
        // reading the unhandled ones and connecting.
        let (token, waiting) = try scheduling.withLock { _ in
            let unhandled = try read { try $0.unhandledResponses(app) }
            return state.withLock { state in
                let token = state.makeToken()
                state.connections[app, default: EngineState.AppConnections()][role] =
                    EngineState.Connection(token: token, handler: handler)
                // An application handler connected beside a notification handler gets no responses.
                guard state.connections[app]?.serving?.token == token else {
                    return (token, [NotificationResponse]())
                }
                let waiting = unhandled.filter { !state.responsesInFlight.contains($0.delivery.id) }
                state.responsesInFlight.formUnion(waiting.map(\.delivery.id))
                return (token, waiting)
            }
        }
        for response in waiting {
            hand(response, to: handler)
        }
        return ActionDisposable { [weak self] in
            self?.state.withLock { state in
                guard state.connections[app]?[role]?.token == token else { return }
                state.connections[app]?[role] = nil
                if state.connections[app]?.isEmpty == true { state.connections[app] = nil }
            }
        }
    }
}

extension NotificationEngine {
    /// The user asks for the app's own notification settings, as the "…
    /// Notification Settings" button of iOS's Settings does: the app's handler
    /// (``NotificationAppHandler/openSettings(from:)``) opens them, and
    /// ``NotificationEvent/settingsOpened(app:delivery:)`` is emitted.
    ///
    /// - Parameters:
    ///   - app: The app.
    ///   - id: The notification the user asked from, or `nil`.
    /// - Throws: ``NotificationError/Code/invalidResponse`` when the app did not
    ///   ask for ``AuthorizationOptions/providesAppNotificationSettings``;
    ///   ``NotificationError/Code/deliveryNotFound`` for a delivery that is not the app's.
    public func openSettings(for app: AppIdentifier, from id: DeliveryID? = nil) throws {
        try Validator.validateApp(app)
        let delivery = try id.map { id in
            guard let stored = try read({ try $0.delivery(id) }), stored.delivery.app == app else {
                throw NotificationError(.deliveryNotFound, "\(app) has no delivery \(id)")
            }
            return stored.delivery
        }
        let record = try record(app)
        guard record.preferences.grantedOptions.contains(.providesAppNotificationSettings) else {
            throw NotificationError(
                .invalidResponse, "\(app) has no notification settings of its own (providesAppNotificationSettings)")
        }
        let handler = state.withLock { $0.connections[app]?.handler }
        emit(.settingsOpened(app: app, delivery: delivery))
        handler?.openSettings(from: delivery.map(withStoreURLs))
    }
}

/// What the runtime keeps while it runs the responding flow: the flow, the
/// app's handler as connected when the answer committed, and the work left for
/// after the locks, in the order the flow asked for it.
private struct RespondingRun {
    var flow: RespondingFlow
    var handler: (any NotificationAppHandler)?
    private(set) var afterLocks: [() -> Void] = []

    init(flow: RespondingFlow) {
        self.flow = flow
    }

    /// Leaves `work` for after the locks.
    mutating func later(_ work: @escaping () -> Void) {
        afterLocks.append(work)
    }
}
