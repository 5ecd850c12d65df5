package import NotificationEngine

/// The desktop presenter's decisions as a pure state machine: what Herald and the
/// notification server did goes in, what to do next comes out.
///
/// It knows which delivery each of the server's notifications shows, which were
/// answered on the desktop, the session's lock state and the actions held until
/// it is unlocked. Running the effects (D-Bus calls, the engine, opening apps) is
/// ``DesktopPresenter``'s part.
package struct DesktopState: Sendable {
    /// One delivery Herald shows on the desktop.
    package struct Entry: Sendable {
        package var presentation: Presentation
        /// The server's id, once `Notify` answered; `nil` while it is being shown or
        /// after the server closed it or went away.
        package var serverID: UInt32?
        /// The token the server sent for the program an action opens.
        package var activationToken: String?
        /// An action was taken on the desktop: the close that follows is no dismissal.
        package var answered = false
        /// It was on a server that went away: the next server is to show it.
        var wasShown = false

        var app: AppIdentifier { presentation.delivery.app }
        var requestIdentifier: String { presentation.delivery.request.identifier }
    }

    /// What to do.
    package enum Effect: Sendable, Hashable {
        /// Show the delivery, replacing the server's notification `replacing` (0: none).
        case notify(DeliveryID, replacing: UInt32)
        /// Take the server's notification off the screen.
        case close(UInt32)
        /// Answer the delivery in the engine; `opensApp` when it opens the app.
        case respond(DeliveryID, action: String, text: String?, opensApp: Bool, activationToken: String?)
        /// The action needs the user's text and the server has no reply field:
        /// open the web center's reply box for it.
        case openReplyBox(DeliveryID, action: String, activationToken: String?)
        /// Show the scheduled summary as one notification.
        case notifySummary(NotificationSummary)
        /// The summary's notification was clicked: open the web center at the summary.
        case openSummary(activationToken: String?)
    }

    /// An action pressed while the session was locked.
    struct Held: Sendable, Hashable {
        var action: String
        var text: String?
    }

    package private(set) var entries: [DeliveryID: Entry] = [:]
    private var byServerID: [UInt32: DeliveryID] = [:]
    private var held: [DeliveryID: Held] = [:]
    /// The server's ids of the summaries it shows, with their activation tokens.
    private var summaries: [UInt32: String?] = [:]
    /// Whether the user's session is locked (logind's `LockedHint`).
    package private(set) var isLocked = false
    /// How the presentations map to calls; its capabilities are the server's.
    package var mapping: NotificationMapping

    package init(mapping: NotificationMapping) {
        self.mapping = mapping
    }

    /// The delivery the server's notification `id` shows.
    package func delivery(forServerID id: UInt32) -> DeliveryID? { byServerID[id] }

    /// Whether an action of the delivery waits for the session to be unlocked.
    package func isHeld(_ id: DeliveryID) -> Bool { held[id] != nil }

    // MARK: Herald's side

    /// A delivery to show: notify, replacing what the server shows of an earlier
    /// delivery of the same request. Nothing for the notification center only, or
    /// for a delivery already shown (handed over again after a crash).
    package mutating func present(_ presentation: Presentation) -> [Effect] {
        let id = presentation.delivery.id
        guard presentation.style != .none, entries[id] == nil else { return [] }
        let earlier = entries.first { _, entry in
            entry.app == presentation.delivery.app && entry.requestIdentifier == presentation.delivery.request.identifier
        }
        var replacing: UInt32 = 0
        if let (earlierID, entry) = earlier {
            entries[earlierID] = nil
            held[earlierID] = nil
            if let serverID = entry.serverID {
                byServerID[serverID] = nil
                replacing = serverID
            }
        }
        entries[id] = Entry(presentation: presentation)
        return [.notify(id, replacing: replacing)]
    }

    /// The scheduled summary: one notification for all of it, which opens the web
    /// center's summary card. Nothing for an empty summary.
    package func presentSummary(_ summary: NotificationSummary) -> [Effect] {
        summary.groups.isEmpty ? [] : [.notifySummary(summary)]
    }

    /// `Notify` answered the summary's notification with the server's id.
    package mutating func summaryNotified(serverID: UInt32) {
        summaries[serverID] = .some(nil)
    }

    /// `Notify` answered with the server's id; a delivery withdrawn meanwhile is closed.
    package mutating func notified(_ id: DeliveryID, serverID: UInt32) -> [Effect] {
        guard entries[id] != nil else { return [.close(serverID)] }
        entries[id]?.serverID = serverID
        byServerID[serverID] = id
        return []
    }

    /// `Notify` failed: the delivery is not on the desktop (it is still in the web center).
    package mutating func notifyFailed(_ id: DeliveryID) {
        entries[id] = nil
        held[id] = nil
    }

    /// The deliveries left the notification center: close what the server still shows
    /// (a server that reported the notification closed left no id to close).
    package mutating func withdraw(_ ids: [DeliveryID]) -> [Effect] {
        ids.compactMap { id in
            held[id] = nil
            guard let entry = entries.removeValue(forKey: id), let serverID = entry.serverID else { return nil }
            byServerID[serverID] = nil
            return .close(serverID)
        }
    }

    // MARK: The server's side

    /// The user chose an action, or clicked the body (`default`).
    package mutating func actionInvoked(serverID: UInt32, key: String) -> [Effect] {
        if let token = summaries[serverID] {
            summaries[serverID] = nil
            return key == NotificationMapping.defaultKey ? [.openSummary(activationToken: token)] : []
        }
        guard let id = byServerID[serverID], var entry = entries[id], !entry.answered else { return [] }
        let token = entry.activationToken
        if key == NotificationMapping.defaultKey {
            entry.answered = true
            entries[id] = entry
            return [.respond(id, action: NotificationAction.defaultIdentifier, text: nil, opensApp: true, activationToken: token)]
        }
        guard let action = mapping.action(forKey: key, in: entry.presentation) else { return [] }
        entry.answered = true
        entries[id] = entry
        if action.textInput != nil {
            return [.openReplyBox(id, action: action.identifier, activationToken: token)]
        }
        return answer(id, action: action, text: nil, token: token)
    }

    /// The user typed `text` into the inline reply field.
    package mutating func replied(serverID: UInt32, text: String) -> [Effect] {
        guard let id = byServerID[serverID], var entry = entries[id], !entry.answered,
            let action = mapping.action(forKey: NotificationMapping.inlineReplyKey, in: entry.presentation)
        else { return [] }
        entry.answered = true
        entries[id] = entry
        return answer(id, action: action, text: text, token: entry.activationToken)
    }

    private mutating func answer(_ id: DeliveryID, action: NotificationAction, text: String?, token: String?) -> [Effect] {
        if isLocked, action.options.contains(.authenticationRequired) {
            held[id] = Held(action: action.identifier, text: text)
            return []
        }
        return [
            .respond(
                id, action: action.identifier, text: text, opensApp: NotificationRules.opensApp(answering: action),
                activationToken: token)
        ]
    }

    /// The server sent the activation token for the action about to be invoked.
    package mutating func activationToken(serverID: UInt32, token: String) {
        if summaries[serverID] != nil { summaries[serverID] = .some(token) }
        guard let id = byServerID[serverID] else { return }
        entries[id]?.activationToken = token
    }

    /// The server closed its notification. A dismissal by the user (reason 2) is
    /// reported for categories with the custom dismiss action; the delivery stays
    /// in the web center otherwise.
    package mutating func closed(serverID: UInt32, reason: UInt32) -> [Effect] {
        summaries[serverID] = nil
        guard let id = byServerID.removeValue(forKey: serverID), var entry = entries[id] else { return [] }
        entry.serverID = nil
        if held[id] != nil || entry.answered {
            entries[id] = entry
            return []
        }
        entries[id] = nil
        guard reason == 2, entry.presentation.reportsDismissal else { return [] }
        return [.respond(id, action: NotificationAction.dismissIdentifier, text: nil, opensApp: false, activationToken: nil)]
    }

    // MARK: The session and the server's life

    /// The session was locked or unlocked. On unlock each held delivery is shown
    /// again, so the user answers it now that they are there.
    package mutating func lockChanged(locked: Bool) -> [Effect] {
        isLocked = locked
        guard !locked else { return [] }
        let ids = held.keys.sorted { $0.description < $1.description }
        held = [:]
        return ids.compactMap { id in
            guard var entry = entries[id] else { return nil }
            let replacing = entry.serverID ?? 0
            if let serverID = entry.serverID { byServerID[serverID] = nil }
            entry.serverID = nil
            entry.answered = false
            entries[id] = entry
            return .notify(id, replacing: replacing)
        }
    }

    /// The server went away: its ids mean nothing any more.
    package mutating func serverVanished() {
        byServerID = [:]
        summaries = [:]
        for (id, entry) in entries where entry.serverID != nil {
            entries[id]?.serverID = nil
            entries[id]?.wasShown = true
        }
    }

    /// A server (a new one, or the same one restarted) owns the name: what the old one
    /// showed of alerts still unanswered is shown again; banners, which would have
    /// expired, are let go. Deliveries whose `Notify` is still on its way are left to it.
    package mutating func serverAppeared(capabilities: Set<String>) -> [Effect] {
        mapping.capabilities = capabilities
        byServerID = [:]
        var effects: [Effect] = []
        for (id, entry) in entries.sorted(by: { $0.value.presentation.delivery.date < $1.value.presentation.delivery.date }) {
            guard entry.serverID != nil || entry.wasShown || held[id] != nil else { continue }
            if entry.presentation.style == .alert, !entry.answered || held[id] != nil {
                entries[id]?.serverID = nil
                entries[id]?.wasShown = false
                entries[id]?.answered = false
                held[id] = nil
                effects.append(.notify(id, replacing: 0))
            } else {
                entries[id] = nil
                held[id] = nil
            }
        }
        return effects
    }

    /// The presentation of a delivery shown.
    package func presentation(of id: DeliveryID) -> Presentation? { entries[id]?.presentation }
}
