import Foundation
import HeraldAPI
import NotificationEngine

/// Which of one node's stream subscribers get which events of the log, and in
/// what order: a pure state machine (events in, messages out) that
/// ``EventStream`` holds under its lock, pushing the messages it returns
/// while still holding it, so that each subscriber gets them in order.
///
/// The node reads the log in order and hands what it read to ``deliver(_:)``;
/// events numbered at or before ``delivered`` (read again after a reconnection)
/// are not handed out twice.
///
/// A subscriber that resumes after a number starts *replaying*: the live events
/// of its scope wait while the node reads the replay from the log (off the lock),
/// then ``finishReplay(_:_:)`` hands it the replay and those of the waiting
/// events the replay did not cover. From then on it is *live*: it gets the events
/// numbered after the replay's snapshot, which may be ahead of this node (another
/// node read the log sooner) or behind it.
struct EventFanOut {
    /// A message for a subscriber.
    struct Push {
        let outbox: StreamOutbox
        let message: String
    }

    private enum Phase {
        /// Waiting for its replay; the live events of its scope wait here.
        case replaying([LoggedEvent])
        /// Getting the live events of its scope numbered (all apps) after this.
        case live(after: Int)
    }

    private struct Subscriber {
        let app: AppIdentifier?
        let outbox: StreamOutbox
        var phase: Phase

        func wants(_ event: LoggedEvent) -> Bool {
            app == nil || app == event.app
        }
    }

    /// The last all-apps number handed out (or, at the start, the log's head).
    private(set) var delivered: Int
    private var subscribers: [Int: Subscriber] = [:]
    private var nextToken = 0

    /// A fan-out that hands out the events numbered after `delivered`.
    init(delivered: Int) {
        self.delivered = delivered
    }

    /// Adds a subscriber to `app`'s events (`nil`: every app's) numbered after
    /// `head` (all apps); one that `replays` gets nothing until ``finishReplay(_:_:)``.
    ///
    /// - Returns: Its token.
    mutating func subscribe(app: AppIdentifier?, outbox: StreamOutbox, replays: Bool, after head: Int = 0) -> Int {
        nextToken += 1
        subscribers[nextToken] = Subscriber(app: app, outbox: outbox, phase: replays ? .replaying([]) : .live(after: head))
        return nextToken
    }

    mutating func unsubscribe(_ token: Int) {
        subscribers[token] = nil
    }

    /// Hands `events` (read from the log in order) to the subscribers of their
    /// scopes; skips those already handed out.
    mutating func deliver(_ events: [LoggedEvent]) -> [Push] {
        var pushes: [Push] = []
        deliver(events, measuring: false, measured: { _ in }, push: { pushes.append($0) })
        return pushes
    }

    /// Hands `events` out as ``deliver(_:)`` does, giving each message to `push`
    /// as it is made and, if `measuring`, each handed-out event's size (as
    /// encoded for every app's scope, or its app's if only that one was) to
    /// `measured`, in order.
    mutating func deliver(
        _ events: [LoggedEvent], measuring: Bool, measured: (Int) -> Void, push: (Push) -> Void
    ) {
        for event in events where event.sequence > delivered {
            delivered = event.sequence
            var encoded = Encodings(event)
            for (token, var subscriber) in subscribers where subscriber.wants(event) {
                switch subscriber.phase {
                case .replaying(var waiting):
                    waiting.append(event)
                    subscriber.phase = .replaying(waiting)
                    subscribers[token] = subscriber
                case .live(let after) where event.sequence > after:
                    encoded.message(appScope: subscriber.app != nil).map {
                        push(Push(outbox: subscriber.outbox, message: $0))
                    }
                case .live:
                    continue
                }
            }
            if measuring { measured(encoded.size()) }
        }
    }

    /// Ends the replay of the subscriber with this token: hands it `replay`'s
    /// events, then those that waited and `replay` did not cover, and makes it live.
    mutating func finishReplay(_ token: Int, _ replay: EventReplay) -> [Push] {
        guard var subscriber = subscribers[token], case .replaying(let waiting) = subscriber.phase else { return [] }
        let (replayed, through): ([LoggedEvent], Int) =
            switch replay {
            case .events(let events, let through): (events, through)
            case .upToDate(let through): ([], through)
            case .unavailable: ([], 0)
            }
        subscriber.phase = .live(after: through)
        subscribers[token] = subscriber
        let appScope = subscriber.app != nil
        return (replayed + waiting.filter { $0.sequence > through }).compactMap { event in
            var encoded = Encodings(event)
            return encoded.message(appScope: appScope).map { Push(outbox: subscriber.outbox, message: $0) }
        }
    }

    /// One event's message in each scope, each encoded once, when first needed.
    private struct Encodings {
        let event: LoggedEvent
        var forAll: String?
        var forApp: String?

        init(_ event: LoggedEvent) {
            self.event = event
        }

        /// The event as the API's JSON, numbered in the app's scope or in every
        /// app's; `nil` for a kind this version does not know.
        mutating func message(appScope: Bool) -> String? {
            if let done = appScope ? forApp : forAll { return done }
            guard var wire = event.event else { return nil }
            wire.sequence = appScope ? event.appSequence : event.sequence
            guard let text = try? EventJSON.encode(wire) else { return nil }
            if appScope { forApp = text } else { forAll = text }
            return text
        }

        /// Bytes of the event's encoding: the one made already, else every app's.
        mutating func size() -> Int {
            (forAll ?? forApp ?? message(appScope: false))?.utf8.count ?? 0
        }
    }
}
