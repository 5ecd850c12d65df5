import HeraldAPI
import NotificationEngine

/// The source of the live event stream (`GET /v1/events`): numbers the events
/// published to it, hands each to the subscribers of its scope, and replays what
/// a resuming subscriber missed. ``EventHub`` does it within one daemon;
/// ``SharedEventHub`` across the daemons (nodes) sharing a PostgreSQL database.
protocol LiveEvents: Sendable {
    /// Numbers `event` in the all-apps scope and its app's, and hands it to the
    /// subscribers of both.
    func publish(_ event: API.Event)

    /// Sends the events of `app` (or, `nil`, of every app) to `outbox` from now
    /// on, after those numbered after `after` in that scope, if they are still
    /// kept; if not, the subscriber starts with the live events and sees the gap.
    ///
    /// - Returns: A token for ``unsubscribe(_:)``.
    func subscribe(app: AppIdentifier?, after: Int?, outbox: StreamOutbox) -> Int

    /// Stops handing events to the subscriber with this token.
    func unsubscribe(_ token: Int)

    /// Forgets `app`'s numbering and kept events: it was removed, and an app
    /// registered later under its identifier starts afresh.
    func forget(_ app: AppIdentifier)
}

extension EventHub: LiveEvents {}

/// The event hub for `engine`'s daemon: shared through the engine's PostgreSQL
/// store when it has one (every node on the database sees every node's events),
/// in memory otherwise. `names` gives an app's display name.
///
/// - Throws: ``NotificationError`` when the event log's tables cannot be created
///   or read.
func makeEventHub(
    engine: NotificationEngine, names: @escaping @Sendable (AppIdentifier) -> String
) throws -> any LiveEvents {
    guard let store = engine.postgresStore else { return EventHub(engine: engine, names: names) }
    return try SharedEventHub(engine: engine, store: store, names: names)
}
