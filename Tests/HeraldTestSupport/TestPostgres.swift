import Foundation

/// The PostgreSQL database the tests may use: `HERALD_TEST_POSTGRES_URL`, which
/// `scripts/test` sets to a throwaway cluster it starts (`scripts/postgres`).
/// Each test that opens a store gets a schema of its own in it.
public enum TestPostgres {
    /// The database's URL, or `nil` when none is given: the PostgreSQL cases are
    /// then left out, except in CI (``isRequired``).
    public static var url: String? {
        guard let url = ProcessInfo.processInfo.environment["HERALD_TEST_POSTGRES_URL"], !url.isEmpty else {
            return nil
        }
        return url
    }

    /// Whether a run must have the database: in CI (`CI` set), where no
    /// PostgreSQL test may be skipped.
    public static var isRequired: Bool {
        !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }

    /// The database's URL with a new schema name (`?schema=t_…`), for a store of
    /// its own; nil without a database.
    public static func uniqueSchemaURL() -> String? {
        guard let url else { return nil }
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
    }
}
