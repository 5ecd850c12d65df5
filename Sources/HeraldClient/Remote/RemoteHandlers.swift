import NotificationModel
import Synchronization

/// The handlers connected through one ``RemoteNotificationService``, by app and
/// ``NotificationModel/AppHandlerRole``, to choose which one gets what the
/// daemon sends as the engine chooses in process: a background push goes to the
/// app's latest application handler (`UIApplication`'s), else its latest
/// notification handler (`UNUserNotificationCenter`'s); an answer or a request to
/// open the settings the other way round.
///
/// Each connection reads an event stream of its own, so each sees everything
/// and asks ``claims(_:as:token:for:)`` whether it is the one to hand it over.
/// The choice is made once per push or answer, when the first stream brings it,
/// and kept for the streams that bring it later: it reaches one handler however
/// the streams interleave with connecting and disconnecting. An answer whose
/// handler left is chosen again when a stream brings it again: it was not
/// acknowledged, the daemon sends it again.
final class RemoteHandlers: Sendable {
    /// What a stream hands to one handler of the app.
    enum Routed: Hashable, Sendable {
        /// A background push: to the application handler first.
        case push
        /// An answer: to the notification handler first.
        case answer

        /// The role of the handler that gets it first.
        var firstRole: AppHandlerRole {
            self == .push ? .application : .notifications
        }
    }

    /// How many choices are kept per app, for streams that lag behind.
    static let keptChoices = 4_096

    private struct Connected {
        var token: UInt64
        var role: AppHandlerRole
    }

    private struct Key: Hashable {
        var routed: Routed
        var id: String
    }

    /// One app's connected handlers, in connection order, and its latest choices.
    private struct AppHandlers {
        var connected: [Connected] = []
        var choices: [Key: UInt64?] = [:]
        var chosenOrder: [Key] = []

        func chosen(_ routed: Routed) -> UInt64? {
            (connected.last { $0.role == routed.firstRole } ?? connected.last)?.token
        }

        /// The handler that gets `key`: the one chosen when it first came (for an
        /// answer, while that handler is connected).
        mutating func choice(for key: Key) -> UInt64? {
            if let kept = choices[key] {
                if key.routed == .push || connected.contains(where: { $0.token == kept }) { return kept }
                choices[key] = .some(chosen(key.routed))
                return chosen(key.routed)
            }
            let choice = chosen(key.routed)
            choices[key] = .some(choice)
            chosenOrder.append(key)
            if chosenOrder.count > RemoteHandlers.keptChoices {
                let dropped = chosenOrder.count - RemoteHandlers.keptChoices / 2
                for old in chosenOrder.prefix(dropped) { choices[old] = nil }
                chosenOrder.removeFirst(dropped)
            }
            return choice
        }
    }

    private struct State {
        var apps: [AppIdentifier: AppHandlers] = [:]
        var nextToken: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Notes a handler of `role` connected for `app`; returns its token.
    func add(_ role: AppHandlerRole, for app: AppIdentifier) -> UInt64 {
        state.withLock { state in
            state.nextToken += 1
            state.apps[app, default: AppHandlers()].connected.append(Connected(token: state.nextToken, role: role))
            return state.nextToken
        }
    }

    /// Forgets the handler with this token; with the app's last handler, the app's choices.
    func remove(_ token: UInt64, for app: AppIdentifier) {
        state.withLock { state in
            state.apps[app]?.connected.removeAll { $0.token == token }
            if state.apps[app]?.connected.isEmpty == true { state.apps[app] = nil }
        }
    }

    /// Whether the handler with `token` gets `app`'s push or answer `id`: the
    /// latest handler of ``Routed/firstRole`` connected when a stream first
    /// brought it, else the latest handler.
    func claims(_ id: String, as routed: Routed, token: UInt64, for app: AppIdentifier) -> Bool {
        state.withLock { state in
            state.apps[app]?.choice(for: Key(routed: routed, id: id)) == token
        }
    }

    /// Whether the handler with `token` is the one that would get `app`'s
    /// `routed` now; for what comes without an identifier (a request to open the
    /// settings), so chosen by each stream as it brings it.
    func isChosen(_ token: UInt64, for routed: Routed, of app: AppIdentifier) -> Bool {
        state.withLock { $0.apps[app]?.chosen(routed) == token }
    }

    /// How many choices are kept for `app`.
    func keptChoiceCount(for app: AppIdentifier) -> Int {
        state.withLock { $0.apps[app]?.choices.count ?? 0 }
    }
}
