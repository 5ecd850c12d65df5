import GRDB

extension Database {
    /// Runs `sql` with `arguments`, prepared once for the connection: the stores that
    /// run the same few statements for every push or post use it.
    func run(sql: String, arguments: StatementArguments) throws {
        try cachedStatement(sql: sql).execute(arguments: arguments)
    }
}
