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

    /// Runs the responding flow (``RespondingFlow``): the delivery read, the app's
    /// record read and the answer written under the `scheduling` lock, the
    /// memory changes of the commit under the `state` lock with it, and the rest
    /// after both.
    func respondNow(
        to id: DeliveryID, actionIdentifier: String, userText: String?, authenticated: Bool, for app: AppIdentifier
    ) throws {
        try Validator.validateApp(app)
        var flow = RespondingFlow(RespondingFlow.Answer(
            id: id, app: app, actionIdentifier: actionIdentifier.canonical, userText: userText,
            authenticated: authenticated))
        let (after, handler) = try scheduling.withLock { scheduling in
            try run(try flow.handle(.deliveryRead(try read { try $0.delivery(id) })), of: &flow, in: &scheduling)
        }
        for action in after {
            perform(action, handler: handler)
        }
    }

    /// Runs the flow's actions up to its commit, and the memory changes of the
    /// commit with it; returns the actions left for after the locks, with the
    /// app's handler as connected at the commit.
    private func run(
        _ actions: [RespondingFlow.Action], of flow: inout RespondingFlow, in scheduling: inout Scheduling
    ) throws -> (after: [RespondingFlow.Action], handler: (any NotificationAppHandler)?) {
        var actions = actions[...]
        while let action = actions.popFirst() {
            switch action {
            case .readRecord(let app):
                actions += try flow.handle(.recordRead(try record(app, in: &scheduling), now: scheduler.now))
            case .write(let decision):
                try commitAnswer(decision)
                return try state.withLock { state in
                    let connection = state.connections[flow.answer.app]
                    var after = try flow.handle(.committed(isConnected: connection != nil))
                    after.removeAll { apply($0, to: &state) }
                    return (after, connection?.handler)
                }
            case .bringToForeground, .trackInFlight, .withdraw, .emit, .publish, .handToApp, .sweepAttachments:
                throw NotificationError(.storeFailure, "the responding flow asked for \(action) before its commit")
            }
        }
        return ([], nil)
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

    /// Makes a memory change of the flow's commit; `false` for any other action.
    private func apply(_ action: RespondingFlow.Action, to state: inout EngineState) -> Bool {
        switch action {
        case .bringToForeground(let app): state.setForeground(true, for: app)
        case .trackInFlight(let id): state.responsesInFlight.insert(id)
        default: return false
        }
        return true
    }

    /// Does what the flow asks once its answer committed.
    private func perform(_ action: RespondingFlow.Action, handler: (any NotificationAppHandler)?) {
        switch action {
        case .withdraw(let id, let app): presenters.forEach { $0.withdraw([id], of: app) }
        case .emit(let event): emit(event)
        case .publish(let response): responseSubject.send(response)
        case .handToApp(let response): handler.map { hand(response, to: $0) }
        case .sweepAttachments: sweepAttachments()
        case .readRecord, .write, .bringToForeground, .trackInFlight: break
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
        // Responses are saved under the `scheduling` lock: none is saved between
        // reading the unhandled ones and connecting.
        let (token, waiting) = try scheduling.withLock { _ in
            let unhandled = try read { try $0.unhandledResponses(app) }
            return state.withLock { state in
                let token = state.makeToken()
                state.connections[app] = EngineState.Connection(token: token, handler: handler)
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
                if state.connections[app]?.token == token { state.connections[app] = nil }
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
