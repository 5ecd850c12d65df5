extension NotificationStoreKind {
    /// Opens the store this kind names: a new, empty ``InMemoryStore``, the
    /// SQLite database at the path, or the PostgreSQL database at the URL,
    /// created and migrated as needed; with the store its attachments keep
    /// their bytes in.
    ///
    /// - Throws: ``NotificationError/Code/storeFailure`` when the SQLite file cannot
    ///   be opened or created, or is not a database; when the PostgreSQL URL is not
    ///   usable or its server cannot be reached; when either was migrated by a later
    ///   version of Herald.
    package func open() throws -> (store: any NotificationStore, attachments: any AttachmentStore) {
        switch self {
        case .inMemory:
            return (InMemoryStore(), InMemoryAttachmentStore())
        case .sqlite(let path):
            return (try SQLiteStore(path: path), FileAttachmentStore(databasePath: path))
        case .postgres(let url):
            let store = try PostgresStore(url: url)
            return (store, PostgresAttachmentStore(store: store))
        }
    }
}
