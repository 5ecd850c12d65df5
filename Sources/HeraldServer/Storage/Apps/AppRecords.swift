/// Where an ``AppRegistry`` keeps its apps: ``AppFile`` (a node alone) or
/// ``PostgresAppRecords`` (every node on a database).
protocol AppRecords: Sendable {
    /// Every app.
    func load() throws -> [RegisteredApp]
    /// Makes `change` lasting; `all` is every app after it.
    ///
    /// - Throws: ``ServerError`` when the records refuse it (another node registered the
    ///   identifier, or removed the app), ``DaemonError`` when they cannot be written.
    func save(_ change: AppRegistry.Change, all: [RegisteredApp]) throws
}
