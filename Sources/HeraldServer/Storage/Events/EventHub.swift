import DequeModule
import Foundation
import HeraldAPI
import NotificationEngine
import Signals
import Synchronization

/// The live event stream's source: takes every engine event (and the daemon's own,
/// such as app registrations) and hands it, encoded, to each subscriber whose scope
/// matches, in order.
///
/// **Numbering.** Each scope counts on its own: a stream of one app numbers that app's
/// events 1, 2, 3…, so an app learns nothing of how many events other apps had; the
/// admin's stream of every app numbers all of them. A gap in `sequence` means missed
/// events.
///
/// **Resuming.** The hub keeps the last ``replayLimit`` events (at most
/// ``replayByteLimit`` bytes of them). A subscriber that passes `after` (the last
/// `sequence` it saw) gets the events of its scope since then first, if they are still
/// kept; if not, it starts with the live events and sees the gap.
///
/// **Memory.** Each subscriber's events wait in its ``StreamOutbox``, bounded in bytes;
/// one that falls further behind is closed (4429) rather than buffered without end.
final class EventHub: Sendable {
    static let replayLimit = 1_024
    static let replayByteLimit = 4 << 20

    /// Whose events a subscriber gets: one app's, or (`nil`) every app's.
    typealias Scope = AppIdentifier?

    private struct Subscriber {
        let app: AppIdentifier?
        let outbox: StreamOutbox
    }

    /// An event with its number in the all-apps scope and in its app's scope.
    private struct Numbered {
        let event: API.Event
        let sequence: Int
        let appSequence: Int
        /// Bytes of its encoding, counted against ``replayByteLimit``.
        var size = 0
    }

    private struct State {
        var sequence = 0
        var appSequences: [AppIdentifier: Int] = [:]
        var nextToken = 0
        var subscribers: [Int: Subscriber] = [:]
        /// The kept events, oldest first: a deque, as each event past the limit lets go of the oldest.
        var recent: Deque<Numbered> = []
        var recentBytes = 0
    }

    private let state = Mutex(State())
    private let names: @Sendable (AppIdentifier) -> String
    private let subscription = SerialDisposable()

    /// A hub fed by `engine`'s events; `names` gives an app's display name.
    init(engine: NotificationEngine, names: @escaping @Sendable (AppIdentifier) -> String) {
        self.names = names
        subscription.inner = engine.events.subscribeNext { [weak self] event in
            guard let self else { return }
            self.publish(API.Event(event, name: self.names))
        }
    }

    deinit {
        subscription.dispose()
    }

    /// Numbers `event` in both its scopes and hands it to the matching subscribers.
    func publish(_ event: API.Event) {
        let app = AppIdentifier(event.app)
        state.withLock { state in
            state.sequence += 1
            state.appSequences[app, default: 0] += 1
            var numbered = Numbered(
                event: event, sequence: state.sequence, appSequence: state.appSequences[app, default: 0])
            var encodedForAll: String?
            var encodedForApp: String?
            for subscriber in state.subscribers.values {
                switch subscriber.app {
                case nil:
                    encodedForAll = encodedForAll ?? Self.encode(numbered, appScope: false)
                    subscriber.outbox.push(encodedForAll!)
                case app?:
                    encodedForApp = encodedForApp ?? Self.encode(numbered, appScope: true)
                    subscriber.outbox.push(encodedForApp!)
                default:
                    continue
                }
            }
            numbered.size = (encodedForAll ?? encodedForApp ?? Self.encode(numbered, appScope: false)).utf8.count
            Self.remember(numbered, in: &state)
        }
    }

    /// Sends the events of `app` (or, `nil`, of every app) to `outbox` from now on,
    /// after those since `after` that are still kept.
    ///
    /// - Returns: A token for ``unsubscribe(_:)``.
    func subscribe(app: AppIdentifier?, after: Int?, outbox: StreamOutbox) -> Int {
        state.withLock { state in
            if let after {
                for numbered in Self.replay(after: after, app: app, in: state) {
                    outbox.push(Self.encode(numbered, appScope: app != nil))
                }
            }
            state.nextToken += 1
            state.subscribers[state.nextToken] = Subscriber(app: app, outbox: outbox)
            return state.nextToken
        }
    }

    /// Stops handing events to the subscriber with this token.
    func unsubscribe(_ token: Int) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: token) }
    }

    /// Forgets `app`'s numbering and kept events: it was removed, and an app registered
    /// later under its identifier starts afresh.
    func forget(_ app: AppIdentifier) {
        state.withLock { state in
            state.appSequences[app] = nil
            state.recent.removeAll { AppIdentifier($0.event.app) == app }
            state.recentBytes = state.recent.reduce(0) { $0 + $1.size }
        }
    }

    /// The kept events of a scope numbered after `after`, if none of them was let go;
    /// else none (the subscriber sees the gap).
    private static func replay(after: Int, app: AppIdentifier?, in state: State) -> [Numbered] {
        let inScope = state.recent.filter { app == nil || AppIdentifier($0.event.app) == app }
        let number: (Numbered) -> Int = { app == nil ? $0.sequence : $0.appSequence }
        let latest = app.map { state.appSequences[$0, default: 0] } ?? state.sequence
        guard after < latest else { return [] }
        let missed = inScope.filter { number($0) > after }
        guard let first = missed.first, number(first) == after + 1 else { return [] }
        return Array(missed)
    }

    private static func remember(_ numbered: Numbered, in state: inout State) {
        state.recent.append(numbered)
        state.recentBytes += numbered.size
        var dropped = 0
        while state.recent.count - dropped > replayLimit || state.recentBytes > replayByteLimit {
            state.recentBytes -= state.recent[dropped].size
            dropped += 1
        }
        if dropped > 0 { state.recent.removeFirst(dropped) }
    }

    private static func encode(_ numbered: Numbered, appScope: Bool) -> String {
        var event = numbered.event
        event.sequence = appScope ? numbered.appSequence : numbered.sequence
        let data = (try? API.encoder().encode(event)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
