import Foundation

/// The responding flow as a state machine without I/O: a user's answer to a
/// delivery, what the engine read for it and what it committed come in as
/// events; what the engine does next comes out as actions, in order. The
/// runtime (`NotificationEngine+Responses.swift`) runs them in one `switch`,
/// each where its documentation says: the reads and the write under the
/// `scheduling` lock; the memory changes under the `state` lock, right after
/// the write commits and before the `scheduling` lock is released; the rest
/// (presenters, events, the app's handler) once both locks are released.
struct RespondingFlow {
    /// The user's answer, as the presenter gave it (the action identifier in NFC).
    struct Answer: Equatable {
        var id: DeliveryID
        var app: AppIdentifier
        var actionIdentifier: String
        var userText: String?
        var authenticated: Bool
    }

    enum Event {
        /// The delivery as read (`nil`: there is none).
        case deliveryRead(StoredDelivery?)
        /// The app's record as read, at `now`.
        case recordRead(AppRecord, now: Date)
        /// The answer's write committed; `isConnected` tells whether the app's
        /// handler is connected.
        case committed(isConnected: Bool)
    }

    enum Action: Equatable {
        /// Under the `scheduling` lock: read the app's record (``Event/recordRead(_:now:)``).
        case readRecord(AppIdentifier)
        /// Under the `scheduling` lock, in one transaction with the app locked:
        /// the delivery answered and out of the notification center, the
        /// response saved if it reaches the app; then whether the app's handler
        /// is connected (``Event/committed(isConnected:)``).
        case write(ResponseDecision)
        /// In memory, with the commit: the app is in the foreground from now on.
        case bringToForeground(AppIdentifier)
        /// In memory, with the commit: the response is on its way to the app's
        /// handler, so a connection made meanwhile does not get it twice.
        case trackInFlight(DeliveryID)
        /// After the locks: the presenters take the delivery down.
        case withdraw(DeliveryID, of: AppIdentifier)
        /// After the locks.
        case emit(NotificationEvent)
        /// After the locks: the response goes out on the engine's responses.
        case publish(NotificationResponse)
        /// After the locks: the app's handler, as connected at the commit, gets the response.
        case handToApp(NotificationResponse)
        /// After the locks: nothing needs the delivery's attachments any more.
        case sweepAttachments
    }

    let answer: Answer
    private var delivery: Delivery?
    /// What the answer does, once decided.
    private(set) var decision: ResponseDecision?

    init(_ answer: Answer) {
        self.answer = answer
    }

    /// What the engine does next after `event`.
    ///
    /// - Throws: ``NotificationError/Code/deliveryNotFound`` for a delivery that
    ///   is not the app's or is answered already, and ``ResponsePolicy``'s errors;
    ///   ``NotificationError/Code/storeFailure`` for an event out of order.
    mutating func handle(_ event: Event) throws -> [Action] {
        switch event {
        case .deliveryRead(let stored):
            guard let stored, stored.delivery.app == answer.app, !stored.isAnswered else {
                throw NotificationError(.deliveryNotFound, "\(answer.app) has no unanswered delivery \(answer.id)")
            }
            delivery = stored.delivery
            return [.readRecord(answer.app)]
        case .recordRead(let record, let now):
            guard let delivery else { throw Self.outOfOrder(event) }
            let decision = try ResponsePolicy.decide(
                delivery, actionIdentifier: answer.actionIdentifier, userText: answer.userText,
                authenticated: answer.authenticated, category: record.category(for: delivery), date: now)
            self.decision = decision
            return [.write(decision)]
        case .committed(let isConnected):
            guard let decision else { throw Self.outOfOrder(event) }
            return Self.committed(decision, isConnected: isConnected)
        }
    }

    private static func committed(_ decision: ResponseDecision, isConnected: Bool) -> [Action] {
        let response = decision.response
        let (id, app) = (response.delivery.id, response.delivery.app)
        let handed = decision.reachesApp && isConnected
        var actions: [Action] = []
        if decision.opensApp { actions.append(.bringToForeground(app)) }
        if handed { actions.append(.trackInFlight(id)) }
        actions += [
            .withdraw(id, of: app), .emit(.withdrawn(app: app, deliveries: [id])),
            .emit(.responded(response, reachesApp: decision.reachesApp)),
        ]
        if decision.opensApp { actions.append(.emit(.appOpened(app: app))) }
        if decision.reachesApp { actions.append(.publish(response)) }
        if handed { actions.append(.handToApp(response)) }
        // An answer the app does not get leaves nothing that needs the attachments' bytes.
        if !decision.reachesApp, !response.delivery.request.content.attachments.isEmpty {
            actions.append(.sweepAttachments)
        }
        return actions
    }

    private static func outOfOrder(_ event: Event) -> NotificationError {
        NotificationError(.storeFailure, "the responding flow got \(event) out of order")
    }
}
