/// The tables of the PostgreSQL store and the migrations that create them.
///
/// The same tables as the SQLite store's at its version 5, in PostgreSQL's
/// types: dates are `double precision` seconds since the reference date (exact,
/// as SQLite's `REAL`), delivery identifiers `uuid`, requests `bytea` in
/// ``RequestCoding``'s form, responses, preferences and categories JSON text.
/// Text keys are `COLLATE "C"`, so that they sort by bytes as SQLite's do,
/// whatever the database's own collation.
///
/// Migrations are named and run in order by
/// ``PostgresConnections/migrate(component:_:)``, the engine's without a component.
enum PostgresSchema {
    /// Every migration, in order.
    static let migrations: [(name: String, sql: String)] = [
        ("v1", version1),
        ("v2", version2),
    ]

    /// The first schema.
    ///
    /// - `apps`: one row per app the store knows, with its preferences, badge and
    ///   categories.
    /// - `pending`: requests waiting to fire. `pending_due` serves the due queue,
    ///   `pending_app_order` an app's requests in order (both ends),
    ///   `pending_location` the location triggers.
    /// - `deliveries`: fired requests in insertion order (`seq`), each with the
    ///   category it was made with; `deliveries_listed` covers what the
    ///   notification center lists.
    /// - `outbox`: deliveries not yet handed to the presenters; their order is the
    ///   deliveries' `seq`. Each entry names the engine that wrote it and how long
    ///   (server time, seconds since 1970) its lease lasts (``CoordinatedStore``).
    /// - `responses`: responses their app has not handled yet, in order.
    /// - `settings`: the engine's own values by name (`schedule_time_zone`).
    /// - `attachments`: attachments' bytes by SHA-256 digest (``PostgresAttachmentStore``).
    static let version1 = """
        CREATE TABLE apps (
            app text COLLATE "C" PRIMARY KEY,
            preferences text,
            badge bigint NOT NULL DEFAULT 0,
            categories text
        );

        CREATE TABLE pending (
            app text COLLATE "C" NOT NULL,
            identifier text COLLATE "C" NOT NULL,
            next_fire double precision,
            added double precision NOT NULL,
            is_location boolean NOT NULL,
            request bytea NOT NULL,
            PRIMARY KEY (app, identifier)
        );
        CREATE INDEX pending_due ON pending (next_fire, app, identifier) WHERE next_fire IS NOT NULL;
        CREATE INDEX pending_app_order ON pending (app, next_fire, added, identifier);
        CREATE INDEX pending_location ON pending (app) WHERE is_location;

        CREATE TABLE deliveries (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id uuid NOT NULL UNIQUE,
            app text COLLATE "C" NOT NULL,
            identifier text COLLATE "C" NOT NULL,
            scheduled double precision NOT NULL,
            date double precision NOT NULL,
            late boolean NOT NULL,
            listed boolean NOT NULL,
            answered boolean NOT NULL,
            request bytea NOT NULL,
            category text
        );
        CREATE INDEX deliveries_listed ON deliveries (app, identifier) WHERE listed;
        CREATE INDEX deliveries_app ON deliveries (app);

        CREATE TABLE outbox (
            delivery_id uuid PRIMARY KEY,
            owner uuid NOT NULL,
            lease_until double precision NOT NULL
        );

        CREATE TABLE responses (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            delivery_id uuid NOT NULL,
            app text COLLATE "C" NOT NULL,
            response text NOT NULL
        );
        CREATE INDEX responses_app ON responses (app);
        CREATE INDEX responses_delivery ON responses (delivery_id);

        CREATE TABLE settings (name text COLLATE "C" PRIMARY KEY, value text NOT NULL);

        CREATE TABLE attachments (digest text COLLATE "C" PRIMARY KEY, data bytea NOT NULL);
        """

    /// The summary queue, as the SQLite store's version 7: deliveries kept back from
    /// the presenters until the scheduled summary at `summary_at`.
    static let version2 = """
        CREATE TABLE summary_queue (
            delivery_id uuid PRIMARY KEY,
            app text COLLATE "C" NOT NULL,
            summary_at double precision NOT NULL
        );
        CREATE INDEX summary_queue_due ON summary_queue (summary_at);
        """
}
