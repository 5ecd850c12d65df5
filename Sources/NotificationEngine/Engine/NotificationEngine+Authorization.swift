import Foundation
import Logging
import Signals
import Synchronization

extension NotificationEngine {
    /// Runs the authorizing flow for an app's request (``AuthorizingFlow``):
    /// answered from the stored status or the policy at once, or, when the user
    /// decides, once the user answers.
    func requestAuthorizationNow(options: AuthorizationOptions, for app: AppIdentifier) async throws -> Bool {
        try Validator.validateApp(app)
        var flow = AuthorizingFlow(app, .request(options, policy: configuration.authorizationPolicy))
        let ran = try scheduling.withLock { try run(&flow, in: &$0) }
        if let reply = perform(ran.after, resuming: ran.waiters) { return reply }
        return await withCheckedContinuation { continuation in
            let after = state.withLock { state in
                wait(continuation, flow, cachedStatus: state.apps[app]?.preferences.authorizationStatus, in: &state)
            }
            _ = perform(after, resuming: [])
        }
    }

    /// A caller of `requestAuthorization` waits for the user's answer: the flow
    /// says whether it gets one at once or joins the app's prompt. Returns the
    /// actions for after the `state` lock.
    private func wait(
        _ continuation: CheckedContinuation<Bool, Never>, _ flow: AuthorizingFlow, cachedStatus: AuthorizationStatus?,
        in state: inout EngineState
    ) -> [AuthorizingFlow.Action] {
        var flow = flow
        let app = flow.app
        let actions: [AuthorizingFlow.Action]
        do {
            actions = try flow.handle(.waiting(cachedStatus: cachedStatus, isAsking: state.prompts[app] != nil))
        } catch {
            logger.error("a caller of requestAuthorization for \(app) could not wait: \(error)")
            continuation.resume(returning: false)
            return []
        }
        return actions.filter { action in
            switch action {
            case .reply(let allowed): continuation.resume(returning: allowed)
            case .addWaiter(let app, let options):
                state.prompts[app, default: EngineState.Prompt(options: options, waiters: [])].waiters.append(continuation)
            default: return true
            }
            return false
        }
    }

    /// Runs the flow's actions up to its commit, the memory changes with it;
    /// returns the actions left for after the locks, with the waiters taken out
    /// of a prompt the commit answered. The caller holds the `scheduling` lock.
    private func run(
        _ flow: inout AuthorizingFlow, in scheduling: inout Scheduling,
        editing change: (inout AppNotificationPreferences) -> Void = { _ in }
    ) throws -> (after: [AuthorizingFlow.Action], waiters: [CheckedContinuation<Bool, Never>]) {
        var actions = flow.start()[...]
        var after: [AuthorizingFlow.Action] = []
        var waiters: [CheckedContinuation<Bool, Never>] = []
        while let action = actions.popFirst() {
            switch action {
            case .readRecord(let app): actions += try flow.handle(.recordRead(try record(app, in: &scheduling)))
            case .edit(var preferences):
                change(&preferences)
                actions += try flow.handle(.edited(preferences))
            case .save(let preferences, let app):
                do {
                    try write { try $0.savePreferences(preferences, for: app) }
                } catch {
                    _ = try flow.handle(.saveFailed)
                    throw error
                }
                actions += try flow.handle(.saved)
            case .cache(let preferences, let app): state.withLock { $0.updateApp(app) { $0.preferences = preferences } }
            case .closePrompt(let app): waiters = state.withLock { $0.prompts.removeValue(forKey: app)?.waiters ?? [] }
            case .wait, .ask, .resumeWaiters, .emit, .reply: after.append(action)
            case .addWaiter: logger.error("the authorizing flow asked for \(action) before the caller waits")
            }
        }
        return (after, waiters)
    }

    /// Does what the flow asks after the locks; returns the caller's reply if
    /// it has one, `nil` if it waits for the user.
    private func perform(
        _ actions: [AuthorizingFlow.Action], resuming waiters: [CheckedContinuation<Bool, Never>]
    ) -> Bool? {
        var reply: Bool?
        for action in actions {
            switch action {
            case .ask(let app, let options): presenters.forEach { $0.authorizationRequested(for: app, options: options) }
            case .emit(let event): emit(event)
            case .resumeWaiters(_, let granted): waiters.forEach { $0.resume(returning: granted) }
            case .reply(let allowed): reply = allowed
            case .wait: reply = nil
            case .readRecord, .edit, .save, .cache, .closePrompt, .addWaiter:
                logger.error("the authorizing flow asked for \(action) after the locks")
            }
        }
        return reply
    }

    /// The user's answer to an app's authorization request. Every caller waiting
    /// in `requestAuthorization` gets it, and it is stored: later requests return
    /// it without asking. Answering an app that is not asking sets its
    /// authorization as the Settings app would, with alerts, sounds and badges.
    ///
    /// - Parameters:
    ///   - app: The app whose request is answered.
    ///   - granted: `true` to authorize it with the options it asked for, `false` to deny it.
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure``; the waiting callers then keep waiting.
    public func answerAuthorization(for app: AppIdentifier, granted: Bool) throws {
        try Validator.validateApp(app)
        let ran = try scheduling.withLock { scheduling in
            let asked = state.withLock { $0.prompts[app]?.options }
            var flow = AuthorizingFlow(app, .answer(granted: granted, asked: asked))
            return try run(&flow, in: &scheduling)
        }
        _ = perform(ran.after, resuming: ran.waiters)
    }

    /// The apps waiting for the user's answer to their authorization request, with
    /// the options each asked for, sorted by app.
    public var authorizationRequests: [(app: AppIdentifier, options: AuthorizationOptions)] {
        state.withLock { state in
            state.prompts.map { ($0.key, $0.value.options) }.sorted { $0.app < $1.app }
        }
    }

    /// The user changes an app's settings, as in the Settings app: alert style,
    /// sounds, badges, or authorization itself.
    ///
    /// The change applies to deliveries presented from then on. A change of the
    /// authorization status is reported on ``events``; callers waiting in
    /// `requestAuthorization` are answered only by ``answerAuthorization(for:granted:)``.
    ///
    /// ```swift
    /// try engine.updatePreferences(for: "com.example.nagme") { preferences in
    ///     preferences.alertStyle = .alert
    ///     preferences.soundsEnabled = false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - app: The app whose preferences change.
    ///   - change: Edits the app's current preferences.
    /// - Throws: ``NotificationError/Code/invalidAppIdentifier`` or
    ///   ``NotificationError/Code/storeFailure``, and nothing changes.
    public func updatePreferences(
        for app: AppIdentifier, _ change: (inout AppNotificationPreferences) -> Void
    ) throws {
        try Validator.validateApp(app)
        var flow = AuthorizingFlow(app, .change)
        let ran = try scheduling.withLock { try run(&flow, in: &$0, editing: change) }
        _ = perform(ran.after, resuming: ran.waiters)
    }

    /// The app's preferences as the user set them; the defaults of
    /// ``AppNotificationPreferences/init(authorizationStatus:grantedOptions:alertStyle:soundsEnabled:badgesEnabled:)``
    /// for an app the engine has not seen.
    public func preferences(for app: AppIdentifier) throws -> AppNotificationPreferences {
        try Validator.validateApp(app)
        return try record(app).preferences
    }
}
