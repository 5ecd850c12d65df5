import GRDB

/// The tables of ``SQLiteDeviceQueues`` and the migrations that create them.
///
/// Dates are stored as `REAL` seconds since the reference date
/// (`Date.timeIntervalSinceReferenceDate`), so they round-trip bit for bit; each
/// push as its ``RemoteNotification`` in JSON. A file migrated by a later version
/// (one with migrations this one does not know) is refused rather than misread.
enum DeviceQueueSchema {
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
            try db.execute(sql: version4)
        }
        return migrator
    }

    /// The first schema.
    ///
    /// - `device`: one row per device with pushes kept (or kept once since it was
    ///   last removed), with the number its next push gets, so that numbers never go
    ///   back, across restarts and after its queue empties.
    /// - `push`: the pushes waiting, by device and number. `expires_at` is `NULL` for
    ///   now or never; `push_expiry` serves dropping expired pushes, `push_collapse`
    ///   finding the unsent push a new one with the same collapse identifier replaces
    ///   (``version2`` changes it).
    static let version1 = """
        CREATE TABLE device (
            device TEXT PRIMARY KEY NOT NULL,
            next_sequence INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE push (
            device TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            app TEXT NOT NULL,
            collapse_id TEXT,
            expires_at REAL,
            is_sent INTEGER NOT NULL,
            notification TEXT NOT NULL,
            PRIMARY KEY (device, sequence)
        ) WITHOUT ROWID;
        CREATE INDEX push_expiry ON push(expires_at) WHERE expires_at IS NOT NULL;
        CREATE INDEX push_collapse ON push(device, app, collapse_id, sequence)
            WHERE collapse_id IS NOT NULL AND is_sent = 0;
        """

    /// Each push keeps whether it was ever sent (`was_sent`), which a cut connection
    /// does not reset as it does `is_sent`: a push with its collapse identifier
    /// removes it and follows at a new number, rather than take the number of a push
    /// the device may show (``DeviceQueue``). A push kept before this version may
    /// have been sent on a connection cut since, which the file did not record: it
    /// counts as sent. `push_collapse` now finds a push by its collapse identifier,
    /// sent or not.
    static let version2 = """
        ALTER TABLE push ADD COLUMN was_sent INTEGER NOT NULL DEFAULT 1;
        DROP INDEX push_collapse;
        CREATE INDEX push_collapse ON push(device, app, collapse_id, sequence) WHERE collapse_id IS NOT NULL;
        """

    /// Each device's numbering has an epoch (``PushService/DeviceQueueStore/epoch(device:)``),
    /// made with its row: a file made anew gives the device's numbers another one. A
    /// device kept before this version has the empty epoch, which a device's daemon
    /// that never saw one takes as the one it counted in.
    static let version3 = """
        ALTER TABLE device ADD COLUMN epoch TEXT NOT NULL DEFAULT '';
        """

    /// The push resources of RFC 8030 (``SQLitePushResources``), beside the device
    /// queues, in the same file and transactions.
    ///
    /// - `push_resource`: one row per resource, by its capability token; a receiver
    ///   (`agent`, ``PushService/PushAgent/stored``) has one per channel.
    /// - `push_message`: the messages waiting, in the order accepted (`position`);
    ///   the body as POSTed, still encrypted. `expires_at` is `NULL` for `TTL: 0`.
    ///   `push_message_topic` finds the messages a newer one with its topic replaces.
    /// - `push_receipt`: what became of each message whose application server asked
    ///   for a receipt: `pending`, `delivered` (at `delivered_at`) or `dropped`, kept
    ///   until `keep_until` once decided.
    static let version4 = """
        CREATE TABLE push_resource (
            token TEXT PRIMARY KEY NOT NULL,
            agent TEXT NOT NULL,
            channel TEXT NOT NULL,
            application_server_key BLOB,
            created_at REAL NOT NULL,
            UNIQUE (agent, channel)
        ) WITHOUT ROWID;

        CREATE TABLE push_message (
            position INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            agent TEXT NOT NULL,
            resource TEXT NOT NULL,
            channel TEXT NOT NULL,
            body BLOB NOT NULL,
            encoding TEXT,
            encryption TEXT,
            crypto_key TEXT,
            urgency TEXT NOT NULL,
            topic TEXT,
            expires_at REAL,
            wants_receipt INTEGER NOT NULL,
            is_sent INTEGER NOT NULL
        );
        CREATE INDEX push_message_agent ON push_message(agent, position);
        CREATE INDEX push_message_resource ON push_message(resource);
        CREATE INDEX push_message_topic ON push_message(resource, topic) WHERE topic IS NOT NULL;
        CREATE INDEX push_message_expiry ON push_message(expires_at) WHERE expires_at IS NOT NULL;

        CREATE TABLE push_receipt (
            id TEXT PRIMARY KEY NOT NULL,
            state TEXT NOT NULL,
            delivered_at REAL,
            keep_until REAL
        ) WITHOUT ROWID;
        CREATE INDEX push_receipt_expiry ON push_receipt(keep_until) WHERE keep_until IS NOT NULL;
        """
}
