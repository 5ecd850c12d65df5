import HeraldAPI
import NotificationEngine

/// The source of the live event stream (`GET /v1/events`): numbers the events
/// published to it, hands each to the subscribers of its scope, and replays what
/// a resuming subscriber missed. ``EventHub`` does it within one daemon;
/// ``PostgresEventHub`` across the daemons (nodes) sharing a PostgreSQL database
/// (``DaemonStorage/makeEvents(engine:names:)`` makes the one of the daemon's storage).
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
