import Foundation
import HeraldAPI
import Logging
import NotificationEngine
import PostgresNIO
import PostgresSupport

/// The live event stream's log in PostgreSQL, in the engine's schema: every
/// node appends the events it publishes, and every node reads them back in the
/// same order, with the same numbers (``PostgresEventLog``, under ``EventStream``).
///
/// **Numbering.** `event_log_head` is one row holding the last all-apps number;
/// `event_app_sequences` one row per app holding its last per-app number. Every
/// transaction that appends (or forgets an app) first locks the head row
/// (`SELECT … FOR UPDATE`) and holds it until it commits: appending transactions
/// run one after the other, so numbers are given without gaps and committed in
/// their order. A
/// reader that reads "after the last number I saw" therefore never skips a row
/// that commits later, as it could with an identity column, whose values
/// concurrent transactions commit in any order. The per-app rows are updated
/// under the head row's lock, in the same transaction.
///
/// **Bounds.** Each append deletes the rows that are both older than
/// ``keptSeconds`` (in the database's clock) and not among the last
/// ``keptEvents``. A resuming client gets a replay only of up to ``keptEvents``
/// events, as from a single daemon; the time window is for the nodes, so that one
/// that reads late (a burst, a reconnection) still finds every event it has not
/// handed out. A node further behind than both sees the gap, and logs it.
///
/// **Forgetting.** ``EventLogEntry/forget(_:)`` deletes the app's per-app counter (its
/// next event is numbered 1 again) and marks its rows `forgotten`: they are no
/// longer replayed, but nodes that have not read them yet still hand them to
/// their live subscribers, as they happened before the app was removed (``EventLog``).
///
/// **Announcing.** The appending transaction sends `NOTIFY herald_events` with the
/// schema and the last number (``payload(schema:sequence:)``), so the nodes hear
/// of it once it is committed.
struct EventTable: Sendable {
    /// Events kept for replay: the last 1,024, as a single daemon keeps.
    static let keptEvents = MemoryEventLog.replayLimit
    /// Seconds an event is kept at least, for the nodes that have not read it yet.
    static let keptSeconds = 30.0
    /// The channel appends are announced on.
    static let channel = "herald_events"

    let store: PostgresConnections
    let logger = Logger(label: "herald.events")

    /// Creates the log's tables in the store's schema if needed (migrations named
    /// `events.v1`, …).
    ///
    /// - Throws: ``NotificationError`` when the database cannot be reached or was
    ///   migrated by a later version.
    init(store: PostgresConnections) throws {
        self.store = store
        try store.migrate(component: "events", Self.migrations)
    }

    /// The last all-apps number given.
    func head() throws -> Int {
        try store.withTransaction(readOnly: true) { statements in
            try statements.rows("SELECT sequence FROM event_log_head", "reading the event log's head") {
                try $0.decode(Int.self)
            }.first ?? 0
        }
    }

    /// An announcement's payload: the schema and the last number, separated by a space.
    static func payload(schema: String, sequence: Int) -> String {
        "\(schema) \(sequence)"
    }

    /// The last number an announcement of `schema` carries; `nil` for another
    /// schema's announcement or one that does not parse.
    static func announcedSequence(_ payload: String, schema: String) -> Int? {
        let fields = payload.split(separator: " ")
        guard fields.count == 2, fields[0] == schema else { return nil }
        return Int(fields[1])
    }

    /// The tables, in order.
    ///
    /// - `event_log_head`: the one row holding the last all-apps number.
    /// - `event_app_sequences`: each app's last number; no row means none yet.
    /// - `event_log`: the kept events by all-apps number, each with its app, its
    ///   per-app number, whether its app was forgotten since, the `API.Event` as
    ///   JSON (its `sequence` 0), the appending batch's id, with which a writer
    ///   whose commit went unanswered finds out whether it was committed, and when
    ///   it was appended (the database's clock, read under the head row's lock, so
    ///   in the order of the numbers; `event_log_appended` finds the oldest row
    ///   still to keep). A replay reads only what came after the client's number.
    static let migrations: [(name: String, sql: String)] = [
        (
            "v1",
            """
            CREATE TABLE event_log_head (
                only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                sequence bigint NOT NULL
            );
            INSERT INTO event_log_head (sequence) VALUES (0);

            CREATE TABLE event_app_sequences (
                app text COLLATE "C" PRIMARY KEY,
                sequence bigint NOT NULL
            );

            CREATE TABLE event_log (
                sequence bigint PRIMARY KEY,
                app text COLLATE "C" NOT NULL,
                app_sequence bigint NOT NULL,
                forgotten boolean NOT NULL DEFAULT false,
                event text NOT NULL,
                batch uuid NOT NULL,
                appended timestamptz NOT NULL DEFAULT clock_timestamp()
            );
            CREATE INDEX event_log_appended ON event_log (appended);
            """
        ),
    ]
}
