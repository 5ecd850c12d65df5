import GRDB

/// The tables of the SQLite store and the migrations that create them.
///
/// Dates are stored as `REAL` seconds since the reference date
/// (`Date.timeIntervalSinceReferenceDate`), so they round-trip bit for bit and
/// order exactly; requests in ``RequestCoding``'s binary form; responses,
/// preferences and categories as JSON text.
enum SQLiteSchema {
    /// Every migration, in order. A database migrated by a later version (one
    /// with migrations this one does not know) is refused rather than misread.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: version1)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: version2)
        }
        migrator.registerMigration("v3") { db in
            try db.execute(sql: version3)
        }
        migrator.registerMigration("v4") { db in
            try canonicalizeIdentifiers(db)
        }
        migrator.registerMigration("v5") { db in
            try db.execute(sql: version5)
        }
        migrator.registerMigration("v6") { db in
            try db.execute(sql: version6)
        }
        migrator.registerMigration("v7") { db in
            try db.execute(sql: version7)
        }
        return migrator
    }

    /// The first schema.
    ///
    /// - `apps`: one row per app the store knows, with its preferences, badge and
    ///   categories.
    /// - `pending`: requests waiting to fire. `pending_due` serves the due queue
    ///   (`soonestDue`), `pending_app_order` an app's requests in order (both
    ///   ends), `pending_location` the location triggers.
    /// - `deliveries`: fired requests, in insertion order by `seq`; the partial
    ///   indexes cover only what the notification center lists.
    /// - `outbox`: deliveries not yet handed to the presenters, in order (see
    ///   ``version2`` and ``version6``).
    /// - `responses`: responses their app has not handled yet, in order.
    static let version1 = """
        CREATE TABLE apps (
            app TEXT PRIMARY KEY NOT NULL,
            preferences TEXT,
            badge INTEGER NOT NULL DEFAULT 0,
            categories TEXT
        ) WITHOUT ROWID;

        CREATE TABLE pending (
            app TEXT NOT NULL,
            identifier TEXT NOT NULL,
            next_fire REAL,
            added REAL NOT NULL,
            is_location INTEGER NOT NULL,
            request BLOB NOT NULL,
            PRIMARY KEY (app, identifier)
        );
        CREATE INDEX pending_due ON pending(next_fire, app, identifier) WHERE next_fire IS NOT NULL;
        CREATE INDEX pending_app_order ON pending(app, next_fire, added, identifier);
        CREATE INDEX pending_location ON pending(app) WHERE is_location = 1;

        CREATE TABLE deliveries (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            app TEXT NOT NULL,
            identifier TEXT NOT NULL,
            scheduled REAL NOT NULL,
            date REAL NOT NULL,
            late INTEGER NOT NULL,
            listed INTEGER NOT NULL,
            answered INTEGER NOT NULL,
            request BLOB NOT NULL
        );
        CREATE INDEX deliveries_listed ON deliveries(app, date) WHERE listed = 1;
        CREATE INDEX deliveries_listed_identifier ON deliveries(app, identifier) WHERE listed = 1;

        CREATE TABLE outbox (
            seq INTEGER PRIMARY KEY,
            delivery_id TEXT NOT NULL
        );
        CREATE INDEX outbox_delivery ON outbox(delivery_id);

        CREATE TABLE responses (
            seq INTEGER PRIMARY KEY,
            delivery_id TEXT NOT NULL,
            app TEXT NOT NULL,
            response TEXT NOT NULL
        );
        CREATE INDEX responses_app ON responses(app);
        CREATE INDEX responses_delivery ON responses(delivery_id);
        """

    /// Fewer B-trees to change per delivery, for bursts:
    ///
    /// - `pending` is keyed by `(app, identifier)` without a rowid, so a lookup
    ///   or delete by key walks one B-tree instead of an index and the table.
    /// - `deliveries_listed` goes: an app's listed deliveries are found through
    ///   `deliveries_listed_identifier` and sorted by date.
    /// - `outbox` becomes a set of delivery ids, one B-tree instead of a table and
    ///   its index; its order is the deliveries' `seq`.
    static let version2 = """
        CREATE TABLE pending_v2 (
            app TEXT NOT NULL,
            identifier TEXT NOT NULL,
            next_fire REAL,
            added REAL NOT NULL,
            is_location INTEGER NOT NULL,
            request BLOB NOT NULL,
            PRIMARY KEY (app, identifier)
        ) WITHOUT ROWID;
        INSERT INTO pending_v2 (app, identifier, next_fire, added, is_location, request)
            SELECT app, identifier, next_fire, added, is_location, request FROM pending;
        DROP TABLE pending;
        ALTER TABLE pending_v2 RENAME TO pending;
        CREATE INDEX pending_due ON pending(next_fire, app, identifier) WHERE next_fire IS NOT NULL;
        CREATE INDEX pending_app_order ON pending(app, next_fire, added, identifier);
        CREATE INDEX pending_location ON pending(app) WHERE is_location = 1;

        DROP INDEX deliveries_listed;

        CREATE TABLE outbox_v2 (delivery_id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
        INSERT OR IGNORE INTO outbox_v2 (delivery_id) SELECT delivery_id FROM outbox;
        DROP TABLE outbox;
        ALTER TABLE outbox_v2 RENAME TO outbox;
        """

    /// The engine's own settings, by name: `schedule_time_zone`, the zone the
    /// pending floating calendar triggers' fire dates were computed in, so that an
    /// engine started in another zone re-dates them.
    static let version3 = """
        CREATE TABLE settings (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
        """

    // Version 4 rewrites identifiers in NFC: ``canonicalizeIdentifiers(_:)``.

    /// Each delivery keeps the category it was made with (``Delivery/category``), as
    /// JSON, so that responses are checked against it and not against the app's
    /// current category. `NULL` for a delivery whose content names no category, and
    /// for those stored before this version, which fall back to the app's category.
    static let version5 = """
        ALTER TABLE deliveries ADD COLUMN category TEXT;
        """

    /// The outbox holds a row per call that queued deliveries, their ids as a
    /// JSON array, instead of a row per delivery: a firing batch queues its
    /// deliveries with one insert and takes the batch before out with one
    /// delete, where it inserted and deleted a B-tree entry per delivery, about
    /// a tenth of a burst's committing thread. The ids of an older file's outbox
    /// become one row. Order still comes from the deliveries' `seq`.
    static let version6 = """
        CREATE TABLE outbox_v6 (seq INTEGER PRIMARY KEY, delivery_ids TEXT NOT NULL);
        INSERT INTO outbox_v6 (delivery_ids) SELECT json_group_array(delivery_id) FROM outbox;
        DELETE FROM outbox_v6 WHERE json_array_length(delivery_ids) = 0;
        DROP TABLE outbox;
        ALTER TABLE outbox_v6 RENAME TO outbox;
        """

    /// The summary queue: deliveries kept back from the presenters until the
    /// scheduled summary at `summary_at` (``SummaryTransaction``), by app so that
    /// forgetting an app takes its entries too.
    static let version7 = """
        CREATE TABLE summary_queue (
            delivery_id TEXT PRIMARY KEY NOT NULL,
            app TEXT NOT NULL,
            summary_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX summary_queue_due ON summary_queue(summary_at);
        """
}
