extension NotificationStoreKind {
    /// Opens the store this kind names: a new, empty ``InMemoryStore``, or the
    /// SQLite database at the path, created and migrated as needed.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the SQLite file cannot
    ///   be opened or created, or is not a database.
    package func open() throws -> any NotificationStore {
        switch self {
        case .inMemory: InMemoryStore()
        case .sqlite(let path): try SQLiteStore(path: path)
        }
    }
}
