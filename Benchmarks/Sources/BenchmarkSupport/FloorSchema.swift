/// The pending table of the engine's SQLite schema (copied from `SQLiteSchema` in the
/// root package, which is internal there), which the bare-GRDB floors of the engine's
/// and the daemon's benchmarks write to.
public enum FloorSchema {
    /// The `pending` table and its indexes of the first schema (version 1).
    public static let pending = table(withoutRowID: false)

    /// The same of version 2, the store's today: keyed by `(app, identifier)` without a rowid.
    public static let pendingWithoutRowID = table(withoutRowID: true)

    private static func table(withoutRowID: Bool) -> String {
        """
        CREATE TABLE pending (
            app TEXT NOT NULL,
            identifier TEXT NOT NULL,
            next_fire REAL,
            added REAL NOT NULL,
            is_location INTEGER NOT NULL,
            request TEXT NOT NULL,
            PRIMARY KEY (app, identifier)
        )\(withoutRowID ? " WITHOUT ROWID" : "");
        CREATE INDEX pending_due ON pending(next_fire, app, identifier) WHERE next_fire IS NOT NULL;
        CREATE INDEX pending_app_order ON pending(app, next_fire, added, identifier);
        CREATE INDEX pending_location ON pending(app) WHERE is_location = 1;
        """
    }

    /// One pending row: app, identifier, next fire date, added date, whether it has a
    /// location trigger, the request's JSON.
    public static let insertPending = """
        INSERT OR REPLACE INTO pending (app, identifier, next_fire, added, is_location, request)
        VALUES (?, ?, ?, ?, ?, ?)
        """
}
