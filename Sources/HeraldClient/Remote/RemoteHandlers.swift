import NotificationModel
import Synchronization

/// The handlers connected through one ``RemoteNotificationService``, by app and
/// ``NotificationModel/AppHandlerRole``, to choose which one gets a background
/// push as the engine chooses in process: the app's latest application handler
/// (`UIApplication`'s), else its latest notification handler
/// (`UNUserNotificationCenter`'s).
///
/// Each connection reads an event stream of its own, so each sees every push
/// and asks ``claims(_:token:for:)`` whether it is the one to hand it over. The
/// choice is made once per push, when the first stream brings it, and kept for
/// the streams that bring it later: a push reaches one handler however the
/// streams interleave with connecting and disconnecting.
final class RemoteHandlers: Sendable {
    /// How many pushes' choices are kept per app, for streams that lag behind.
    static let keptChoices = 4_096

    private struct Connected {
        var token: UInt64
        var role: AppHandlerRole
    }

    /// One app's connected handlers, in connection order, and its latest choices.
    private struct AppHandlers {
        var connected: [Connected] = []
        var choices: [String: UInt64?] = [:]
        var chosenOrder: [String] = []

        var chosen: UInt64? {
            (connected.last { $0.role == .application } ?? connected.last)?.token
        }

        /// The handler that gets `push`: the one chosen when it first came.
        mutating func choice(for push: String) -> UInt64? {
            if let choice = choices[push] { return choice }
            let choice = chosen
            choices[push] = .some(choice)
            chosenOrder.append(push)
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

    /// Whether the handler with `token` gets `app`'s push `apnsID`: the latest
    /// application handler connected when a stream first brought it, else the
    /// latest notification handler.
    func claims(_ apnsID: String, token: UInt64, for app: AppIdentifier) -> Bool {
        state.withLock { state in
            state.apps[app]?.choice(for: apnsID) == token
        }
    }

    /// How many pushes' choices are kept for `app`.
    func keptChoiceCount(for app: AppIdentifier) -> Int {
        state.withLock { $0.apps[app]?.choices.count ?? 0 }
    }
}
