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

extension NotificationStoreKind {
    /// Where a store of this kind keeps attachments' bytes: in memory, or in the
    /// directory `<database>.attachments/` beside the SQLite file.
    package func openAttachments() -> any AttachmentStore {
        switch self {
        case .inMemory: InMemoryAttachmentStore()
        case .sqlite(let path): FileAttachmentStore(databasePath: path)
        }
    }
}
