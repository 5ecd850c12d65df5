import NotificationModel
import PostgresNIO

/// The schema's migrations, recorded in `herald_migrations`.
extension PostgresConnections {
    /// Creates the schema if it does not exist, then runs the migrations of
    /// `component` it lacks, in order, each recorded in `herald_migrations`, under
    /// a transaction-level advisory lock so that nodes starting together migrate
    /// once.
    ///
    /// The engine's migrations (`component` `nil`) are named plainly (`v1`);
    /// another component's tables in the same schema (the daemon's) carry its
    /// prefix (`daemon.v1`). Each component refuses only a later migration of its
    /// own: a schema with one this version does not know was migrated by a later
    /// Herald.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` for a later migration, or
    ///   one that fails.
    package func migrate(component: String?, _ migrations: [(name: String, sql: String)]) throws {
        let prefix = component.map { $0 + "." } ?? ""
        let migrations = migrations.map { migration in (name: prefix + migration.name, sql: migration.sql) }
        let schema = location.quotedSchema
        try transaction(begin: Self.beginWriting) { statements in
            // One lock per schema: nodes starting together wait for the first.
            try statements.execute(
                "SELECT pg_advisory_xact_lock(hashtext('herald.migrate.' || \(location.schema)))",
                "waiting for other nodes' migrations")
            try statements.execute(
                PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), "creating the schema \(schema)")
            try statements.execute(
                PostgresQuery(unsafeSQL: """
                    CREATE TABLE IF NOT EXISTS \(schema).herald_migrations (
                        name text COLLATE "C" PRIMARY KEY,
                        applied timestamptz NOT NULL DEFAULT now())
                    """),
                "creating the migrations table")
            let applied = try statements.rows(
                PostgresQuery(unsafeSQL: "SELECT name FROM \(schema).herald_migrations"), "reading the migrations"
            ) { try $0.decode(String.self) }
            let known = Set(migrations.map(\.name))
            let own = applied.filter { name in
                component.map { name.hasPrefix($0 + ".") } ?? !name.contains(".")
            }
            if let unknown = own.first(where: { !known.contains($0) }) {
                throw NotificationError(
                    .storeFailure,
                    "PostgreSQL store: the schema \(schema) at \(description) was migrated by a later version of Herald (migration \(unknown))")
            }
            for migration in migrations where !applied.contains(migration.name) {
                try statements.execute(
                    PostgresQuery(unsafeSQL: "SET LOCAL search_path TO \(schema)"), "selecting the schema")
                try statements.simple(migration.sql, "running the migration \(migration.name)")
                try statements.execute(
                    "INSERT INTO herald_migrations (name) VALUES (\(migration.name))",
                    "recording the migration \(migration.name)")
            }
        }
    }
}
