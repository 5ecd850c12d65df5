import HeraldAPI
import NotificationEngine

/// The log under the live event stream (``EventStream``): numbers the events
/// appended to it, in the all-apps scope and in each app's, keeps them in order,
/// and announces each append, so that the stream reads them back and hands them
/// out. ``MemoryEventLog`` keeps them within one daemon; ``PostgresEventLog`` in
/// the PostgreSQL database the daemons (nodes) share, so that every node's stream
/// carries every node's events, numbered the same everywhere.
///
/// **Keeping.** An event stays readable at least until the stream has read it
/// (``read(after:limit:)``) and, for resuming subscribers, while it is among the
/// last ``MemoryEventLog/replayLimit``.
///
/// **Forgetting.** ``EventLogEntry/forget(_:)`` starts the app's numbering afresh
/// (its next event is numbered 1) and marks its kept events forgotten: they are
/// replayed in no scope any more (a replay of every app's events leaves them out,
/// its numbers showing where they were), but a stream that has not read them yet
/// still hands them to its live subscribers, as they happened before the app was
/// removed.
protocol EventLog: Sendable {
    /// Whether reading never waits (the log is in memory): the stream then reads
    /// on the thread that appended, and an event is handed out before
    /// ``append(_:)`` returns unless another thread is reading already.
    var readsInline: Bool { get }

    /// The last all-apps number this node knows was appended: a new subscriber
    /// gets the events numbered after it.
    var head: Int { get }

    /// Calls `announced` once the log holds new events, with the last one's number;
    /// with `nil` when the stream must read whatever came (after a reconnection).
    /// Called once, before anything is appended.
    func start(announcing announced: @escaping @Sendable (Int?) -> Void)

    /// Numbers and keeps `entry`'s event, or forgets its app, in order with the others.
    func append(_ entry: EventLogEntry)

    /// The kept events numbered after `sequence` (all apps), at most `limit`, in order.
    ///
    /// - Throws: ``NotificationError`` when the log cannot be read.
    func read(after sequence: Int, limit: Int) throws -> [LoggedEvent]

    /// The stream has handed out the events numbered through `sequence`, with
    /// these encoded sizes in bytes (one per event handed out by the last read,
    /// in order; empty when ``measuresSizes`` is false): a log that keeps them
    /// for the stream may let go of them now.
    func handedOut(through sequence: Int, sizes: [Int])

    /// Whether the log wants each event's encoded size, to bound its bytes.
    var measuresSizes: Bool { get }

    /// What a subscriber of `app`'s events (`nil`: every app's) that saw the one
    /// numbered `after` in that scope missed, in one snapshot: the events after
    /// it if they are among the last ``MemoryEventLog/replayLimit`` of that scope
    /// and every one is still kept; none if it saw the latest;
    /// ``EventReplay/unavailable`` otherwise, a number past the latest included
    /// (the numbering started afresh since). Forgotten events are not replayed.
    ///
    /// - Throws: ``NotificationError`` when the log cannot be read.
    func replay(app: AppIdentifier?, after: Int) throws -> EventReplay
}

/// What the stream appends to its log, in order.
enum EventLogEntry: Sendable {
    case event(API.Event)
    case forget(AppIdentifier)
}

/// One event read back from the log, with its numbers.
struct LoggedEvent: Sendable, Equatable {
    /// Its number among every app's events.
    var sequence: Int
    /// Its number among its app's events.
    var appSequence: Int
    var app: AppIdentifier
    /// Whether its app was forgotten since: not replayed any more.
    var forgotten: Bool
    /// The event, its `sequence` not set; `nil` for a kind this version does
    /// not know (a later Herald's, on another node), which is skipped.
    var event: API.Event?
}

/// What a subscriber resuming after a number gets from the log.
enum EventReplay: Sendable, Equatable {
    /// The events of its scope after that number, all still kept, read in a
    /// snapshot whose last all-apps number was `through`.
    case events([LoggedEvent], through: Int)
    /// Nothing of its scope came after that number, as of the all-apps number
    /// `through`.
    case upToDate(through: Int)
    /// Some of what came after that number is no longer kept (or the log could
    /// not be read): the subscriber starts with the live events and sees the gap.
    case unavailable
}
