import Foundation

/// Where a ``SessionStore`` keeps its sessions: ``SessionFile`` (a node alone) or
/// ``PostgresSessionRecords`` (every node on a database).
protocol SessionRecords: Sendable {
    /// Every session not known to have ended.
    func load() throws -> [SessionStore.Session]
    /// Makes `change` lasting, forgetting sessions that no longer open the daemon at
    /// `now`; `all` is every current session after it.
    func save(_ change: SessionStore.Change, all: [SessionStore.Session], now: Date) throws
}
