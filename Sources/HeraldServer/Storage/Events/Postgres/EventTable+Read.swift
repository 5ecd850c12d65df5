import Foundation
import HeraldAPI
import NotificationEngine
import PostgresNIO
import PostgresSupport

extension EventTable {
    /// The kept events numbered after `sequence` (all apps), at most `limit`, in order.
    func read(after sequence: Int, limit: Int) throws -> [LoggedEvent] {
        try store.withTransaction(readOnly: true) { statements in
            try statements.rows(
                """
                SELECT \(unescaped: Self.columns) FROM event_log
                WHERE sequence > \(sequence) ORDER BY sequence LIMIT \(limit)
                """,
                "reading the event log", Self.logged)
        }
    }

    /// What a subscriber of `app`'s events (`nil`: every app's) that saw the one
    /// numbered `after` in that scope missed, read in one snapshot: the events
    /// after it if they are among the last ``keptEvents`` of that scope and the log
    /// still holds every one of them, none if it saw the latest,
    /// ``EventReplay/unavailable`` otherwise. Events of forgotten apps are not replayed.
    func replay(app: AppIdentifier?, after: Int) throws -> EventReplay {
        try store.withTransaction(readOnly: true) { statements in
            let head = try statements.rows("SELECT sequence FROM event_log_head", "reading the event log's head") {
                try $0.decode(Int.self)
            }.first ?? 0
            let latest = try app.map { app in
                try statements.rows(
                    "SELECT sequence FROM event_app_sequences WHERE app = \(app.rawValue)",
                    "reading \(app)'s last event number"
                ) { try $0.decode(Int.self) }.first ?? 0
            } ?? head
            // A number this scope never reached (the daemon's numbering started
            // afresh, or the app's): the subscriber starts live.
            guard after <= latest else { return .unavailable }
            guard after < latest else { return .upToDate(through: head) }
            // A replay is of the last events only, as from a single daemon, even
            // while the log still holds more.
            guard latest - after <= Self.keptEvents else { return .unavailable }
            let missed: [LoggedEvent]
            if let app {
                missed = try statements.rows(
                    """
                    SELECT \(unescaped: Self.columns) FROM event_log
                    WHERE app = \(app.rawValue) AND NOT forgotten AND app_sequence > \(after) ORDER BY sequence
                    """,
                    "reading \(app)'s events to replay", Self.logged)
            } else {
                missed = try statements.rows(
                    "SELECT \(unescaped: Self.columns) FROM event_log WHERE sequence > \(after) ORDER BY sequence",
                    "reading the events to replay", Self.logged)
            }
            let first = missed.first.map { app == nil ? $0.sequence : $0.appSequence }
            guard first == after + 1 else { return .unavailable }
            return .events(missed.filter { !$0.forgotten }, through: head)
        }
    }

    private static let columns = "sequence, app_sequence, app, forgotten, event"

    private static func logged(_ row: PostgresRow) throws -> LoggedEvent {
        let (sequence, appSequence, app, forgotten, json) = try row.decode((Int, Int, String, Bool, String).self)
        // A kind of event a later Herald added is nil here, and handed to no one.
        return LoggedEvent(
            sequence: sequence, appSequence: appSequence, app: AppIdentifier(app), forgotten: forgotten,
            event: try? API.decoder().decode(API.Event.self, from: Data(json.utf8)))
    }
}
