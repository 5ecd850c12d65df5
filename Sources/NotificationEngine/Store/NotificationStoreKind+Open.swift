import Foundation

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

extension NotificationStoreKind: CustomStringConvertible {
    /// Where the store is, for a person to read: a database URL without its password.
    public var description: String {
        switch self {
        case .inMemory:
            return "in memory"
        case .sqlite(let path):
            return path
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "a PostgreSQL database" }
            if components.password != nil { components.password = "…" }
            return components.string ?? "a PostgreSQL database"
        }
    }
}
