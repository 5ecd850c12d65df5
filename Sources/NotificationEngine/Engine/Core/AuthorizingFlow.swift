import Foundation

/// The authorizing flow as a state machine without I/O: an app's request for
/// authorization, the user's answer or the user's change in Settings starts
/// it; the app's record as read, the preferences as the user edited them and
/// the write's outcome come in as events; what the engine does next comes out
/// as actions, in order. The decisions are ``AuthorizationRules``'.
///
/// The callers waiting for the user's answer are continuations, which the
/// runtime (`NotificationEngine+Authorization.swift`) keeps; the flow names
/// them by app (``Action/addWaiter(_:options:)``, ``Action/resumeWaiters(of:granted:)``).
/// The runtime runs the actions up to the write's commit under the `scheduling`
/// lock (``Action/cache(_:for:)`` and ``Action/closePrompt(_:)`` under the
/// `state` lock with it), a waiting caller's under the `state` lock, and the
/// rest (events, presenters, resuming, the reply) after the locks.
struct AuthorizingFlow {
    /// What starts the flow.
    enum Cause: Equatable {
        /// The app asks for `options` (`requestAuthorization`); `policy` is the engine's.
        case request(AuthorizationOptions, policy: NotificationEngine.AuthorizationPolicy)
        /// The user answers (``NotificationEngine/answerAuthorization(for:granted:)``);
        /// `asked` holds the options of the app's open prompt, `nil` if none is open.
        case answer(granted: Bool, asked: AuthorizationOptions?)
        /// The user changes the app's settings (``NotificationEngine/updatePreferences(for:_:)``).
        case change
    }

    enum Event {
        /// The app's record as read (``Action/readRecord(_:)``).
        case recordRead(AppRecord)
        /// The preferences after the user's edit (``Action/edit(_:)``).
        case edited(AppNotificationPreferences)
        /// ``Action/save(_:for:)`` committed.
        case saved
        /// ``Action/save(_:for:)`` failed: nothing was written.
        case saveFailed
        /// A caller starts waiting for the user's answer (``Action/wait(options:)``):
        /// the app's status as cached (`nil`: not cached), and whether the user
        /// is being asked already.
        case waiting(cachedStatus: AuthorizationStatus?, isAsking: Bool)
    }

    enum Action: Equatable {
        /// Read the app's record (``Event/recordRead(_:)``).
        case readRecord(AppIdentifier)
        /// Apply the user's change to these preferences (``Event/edited(_:)``).
        case edit(AppNotificationPreferences)
        /// Write the app's preferences (``Event/saved`` or ``Event/saveFailed``).
        case save(AppNotificationPreferences, for: AppIdentifier)
        /// With the commit: the app's cached record has these preferences.
        case cache(AppNotificationPreferences, for: AppIdentifier)
        /// With the commit: the app's prompt is answered; its waiters are taken
        /// out to be resumed.
        case closePrompt(AppIdentifier)
        /// The caller waits for the user's answer (``Event/waiting(cachedStatus:isAsking:)``).
        case wait(options: AuthorizationOptions)
        /// The caller joins the app's prompt, opened for `options` if none is.
        case addWaiter(AppIdentifier, options: AuthorizationOptions)
        /// The presenters ask the user.
        case ask(AppIdentifier, options: AuthorizationOptions)
        /// The waiters taken by ``closePrompt(_:)`` get the answer.
        case resumeWaiters(of: AppIdentifier, granted: Bool)
        case emit(NotificationEvent)
        /// The caller gets this answer: whether the app may deliver.
        case reply(Bool)
    }

    let app: AppIdentifier
    let cause: Cause
    /// The preferences read, before any change.
    private var read: AppNotificationPreferences?
    /// The preferences being saved.
    private var saving: AppNotificationPreferences?
    /// The options the caller waits for the user to answer, if it waits.
    private var awaited: AuthorizationOptions?

    init(_ app: AppIdentifier, _ cause: Cause) {
        self.app = app
        self.cause = cause
    }

    /// What the engine does first: read the app's record.
    func start() -> [Action] {
        [.readRecord(app)]
    }

    /// What the engine does next after `event`.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` for an event out of order.
    mutating func handle(_ event: Event) throws -> [Action] {
        switch event {
        case .recordRead(let record):
            guard read == nil else { throw Self.outOfOrder(event) }
            read = record.preferences
            return recordRead(record.preferences)
        case .edited(let preferences):
            guard cause == .change, read != nil, saving == nil else { throw Self.outOfOrder(event) }
            saving = preferences
            return [.save(preferences, for: app)]
        case .saved:
            guard let old = read, let new = saving else { throw Self.outOfOrder(event) }
            saving = nil
            return [Action.cache(new, for: app)] + saved(old, new)
        case .saveFailed:
            // Nothing changed: whoever waits for the user's answer waits on.
            guard saving != nil else { throw Self.outOfOrder(event) }
            return []
        case .waiting(let cached, let isAsking):
            guard let options = awaited else { throw Self.outOfOrder(event) }
            return Self.waiting(app, options: options, cached: cached, isAsking: isAsking)
        }
    }

    private mutating func recordRead(_ preferences: AppNotificationPreferences) -> [Action] {
        switch cause {
        case .request(let options, let policy):
            return requested(options, policy: policy, preferences)
        case .answer(let granted, let asked):
            return save(AuthorizationRules.answered(preferences, granted: granted, options: asked ?? Self.settingsOptions))
        case .change:
            return [.edit(preferences)]
        }
    }

    /// The options an answer grants when the app is not asking, as the Settings app would.
    static let settingsOptions: AuthorizationOptions = [.alert, .sound, .badge]

    private mutating func requested(
        _ options: AuthorizationOptions, policy: NotificationEngine.AuthorizationPolicy,
        _ preferences: AppNotificationPreferences
    ) -> [Action] {
        switch AuthorizationRules.outcome(of: options, status: preferences.authorizationStatus, policy: policy) {
        case .provisional:
            guard let granted = AuthorizationRules.provisionally(preferences, granting: options) else {
                return [.reply(AuthorizationStatus.provisional.allowsDelivery)]
            }
            return save(granted)
        case .decide(let granted):
            return save(AuthorizationRules.answered(preferences, granted: granted, options: options))
        case .ask:
            awaited = options
            return [.wait(options: options)]
        case .answered(let status):
            return [.reply(status.allowsDelivery)]
        }
    }

    private mutating func save(_ preferences: AppNotificationPreferences) -> [Action] {
        saving = preferences
        return [.save(preferences, for: app)]
    }

    /// What follows a committed save, from the preferences `old` before it and `new` after.
    private func saved(_ old: AppNotificationPreferences, _ new: AppNotificationPreferences) -> [Action] {
        let status = new.authorizationStatus
        switch cause {
        case .request:
            // Only a provisional grant is announced; an answer of the policy is not.
            guard status == .provisional, old.authorizationStatus != .provisional else {
                return [.reply(status.allowsDelivery)]
            }
            return [.emit(.authorizationChanged(app: app, status: status)), .reply(status.allowsDelivery)]
        case .answer(let granted, _):
            return [
                .closePrompt(app), .emit(.authorizationChanged(app: app, status: status)),
                .resumeWaiters(of: app, granted: granted),
            ]
        case .change:
            return old.authorizationStatus == status ? [] : [.emit(.authorizationChanged(app: app, status: status))]
        }
    }

    /// A caller waits: it gets an answer the user gave meanwhile at once;
    /// otherwise it joins the prompt, and the first to join has the user asked.
    private static func waiting(
        _ app: AppIdentifier, options: AuthorizationOptions, cached: AuthorizationStatus?, isAsking: Bool
    ) -> [Action] {
        if let cached, cached == .authorized || cached == .denied { return [.reply(cached == .authorized)] }
        guard !isAsking else { return [.addWaiter(app, options: options)] }
        return [
            .addWaiter(app, options: options), .ask(app, options: options),
            .emit(.authorizationRequested(app: app, options: options)),
        ]
    }

    private static func outOfOrder(_ event: Event) -> NotificationError {
        NotificationError(.storeFailure, "the authorizing flow got \(event) out of order")
    }
}
