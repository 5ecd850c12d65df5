import Foundation
import HeraldAPI
import Logging
import NotificationEngine
import PostgresNIO
import PostgresSupport

extension EventTable {
    /// Entries appended in one transaction, with the id its rows carry.
    struct Batch: Sendable {
        let id = UUID()
        var entries: [EventLogEntry]

        /// Whether it appends any rows (not only forgets apps).
        var hasEvents: Bool {
            entries.contains { if case .event = $0 { true } else { false } }
        }
    }

    /// Appends `batch` in one transaction, in order: numbers its events under the
    /// head row's lock, forgets the apps it names, deletes the rows no longer kept
    /// and announces the new head.
    ///
    /// - Throws: ``NotificationError``: `serviceUnavailable` when the database
    ///   cannot be reached (nothing was committed, unless the connection was lost
    ///   while committing: ``wasCommitted(_:)`` tells), `storeFailure` otherwise.
    func append(_ batch: Batch) throws {
        let encoded = encode(batch.entries)
        try store.withTransaction { statements in
            let start = try statements.rows(
                "SELECT sequence FROM event_log_head FOR UPDATE", "locking the event log's head"
            ) { try $0.decode(Int.self) }.first ?? 0
            var head = start
            var events: [Encoded] = []
            for entry in encoded {
                switch entry {
                case .event(let event):
                    events.append(event)
                case .forget(let app):
                    head = try insert(events, after: head, batch: batch.id, statements)
                    events = []
                    try forget(app, statements)
                }
            }
            head = try insert(events, after: head, batch: batch.id, statements)
            guard head > start else { return }
            try statements.execute("UPDATE event_log_head SET sequence = \(head)", "moving the event log's head")
            try prune(head: head, statements)
            try statements.execute(
                "SELECT pg_notify(\(Self.channel), \(Self.payload(schema: store.schema, sequence: head)))",
                "announcing events")
        }
    }

    /// Whether `batch`, whose commit failed, was committed all the same: its rows
    /// are in the log. (A batch that only forgets apps counts as not committed;
    /// forgetting again is harmless.)
    func wasCommitted(_ batch: Batch) throws -> Bool {
        guard batch.hasEvents else { return false }
        return try store.withTransaction(readOnly: true) { statements in
            try statements.rows(
                "SELECT EXISTS (SELECT 1 FROM event_log WHERE batch = \(batch.id))", "looking for an appended batch"
            ) { try $0.decode(Bool.self) }.first ?? false
        }
    }

    /// An event as the log keeps it.
    private struct Encoded {
        var app: String
        var json: String
    }

    /// An entry with its event encoded.
    private enum Prepared {
        case event(Encoded)
        case forget(AppIdentifier)
    }

    /// The entries with their events in JSON, their `sequence` 0; an event that
    /// does not encode is left out, and logged.
    private func encode(_ entries: [EventLogEntry]) -> [Prepared] {
        let encoder = API.encoder()
        return entries.compactMap { entry in
            switch entry {
            case .forget(let app):
                return .forget(app)
            case .event(var event):
                event.sequence = 0
                do {
                    return .event(Encoded(app: event.app, json: String(decoding: try encoder.encode(event), as: UTF8.self)))
                } catch {
                    logger.error("an event of \(event.app) (\(event.type)) does not encode and is left out: \(error)")
                    return nil
                }
            }
        }
    }

    /// Numbers `events` after `head` (all apps) and after each app's last number,
    /// and inserts them; returns the new head.
    private func insert(
        _ events: [Encoded], after head: Int, batch: UUID, _ statements: PostgresStatements
    ) throws -> Int {
        guard !events.isEmpty else { return head }
        let apps = events.map(\.app)
        var counts: [String: Int] = [:]
        for app in apps { counts[app, default: 0] += 1 }
        let names = Array(counts.keys)
        // Each app's last number after this insert; its events take the numbers
        // just before it, in order.
        let lasts = try statements.rows(
            """
            INSERT INTO event_app_sequences (app, sequence)
            SELECT * FROM unnest(\(names)::text[], \(names.map { counts[$0, default: 0] })::bigint[])
            ON CONFLICT (app) DO UPDATE SET sequence = event_app_sequences.sequence + EXCLUDED.sequence
            RETURNING app, sequence
            """,
            "numbering events per app"
        ) { try $0.decode((String, Int).self) }
        var next = Dictionary(uniqueKeysWithValues: lasts.map { ($0.0, $0.1 - counts[$0.0, default: 0] + 1) })
        var appSequences: [Int] = []
        for app in apps {
            appSequences.append(next[app, default: 1])
            next[app, default: 1] += 1
        }
        let texts = events.map(\.json)
        let sequences = Array((head + 1)...(head + events.count))
        try statements.execute(
            """
            INSERT INTO event_log (sequence, app, app_sequence, event, batch)
            SELECT sequence, app, app_sequence, event, \(batch)
            FROM unnest(\(sequences)::bigint[], \(apps)::text[], \(appSequences)::bigint[], \(texts)::text[])
                AS new (sequence, app, app_sequence, event)
            """,
            "appending \(events.count) events")
        return head + events.count
    }

    /// Deletes the rows older than ``keptSeconds`` that are not among the last
    /// ``keptEvents``.
    private func prune(head: Int, _ statements: PostgresStatements) throws {
        try statements.execute(
            """
            DELETE FROM event_log WHERE sequence <= LEAST(\(head - Self.keptEvents), (
                SELECT sequence - 1 FROM event_log
                WHERE appended >= clock_timestamp() - make_interval(secs => \(Self.keptSeconds))
                ORDER BY appended LIMIT 1))
            """,
            "pruning the event log")
    }

    /// Starts `app`'s numbering afresh and keeps its rows from being replayed.
    private func forget(_ app: AppIdentifier, _ statements: PostgresStatements) throws {
        try statements.execute(
            "DELETE FROM event_app_sequences WHERE app = \(app.rawValue)", "forgetting \(app)'s event numbers")
        try statements.execute(
            "UPDATE event_log SET forgotten = true WHERE app = \(app.rawValue) AND NOT forgotten",
            "forgetting \(app)'s events")
    }
}
