/// Where the fingerprints of the admin tokens the daemon accepts are kept:
/// ``AdminTokenMemory`` (a node alone: its own token only) or
/// ``PostgresAdminTokens`` (every node on a database: each node's, so the admin
/// token on any node's machine works on every node). Each node keeps its token
/// itself in its data directory's `admin-token`; no record holds a token.
protocol AdminTokenRecords: Sendable {
    /// Records the fingerprint of this node's admin token; returns every
    /// fingerprint accepted.
    func record(fingerprint: String) throws -> [String]

    /// Every fingerprint accepted, read again.
    func fingerprints() throws -> [String]
}
