/// Where a ``PushDirectory`` keeps its keys and registrations: a file of the data
/// directory for a node alone, the shared database for nodes on one.
public protocol PushRecords: Sendable {
    /// Every key and every registration.
    func load() throws -> PushDirectory.Contents
    /// Makes `change` lasting; `all` is everything after it.
    ///
    /// - Throws: ``PushServiceError`` (`topicTaken` when another node gave the
    ///   topic to another team first; `storeFailure` when the records cannot be written).
    func save(_ change: PushDirectory.Change, all: PushDirectory.Contents) throws
}

/// Records that last as long as the process: for an embedded service and tests.
public struct PushMemoryRecords: PushRecords {
    public init() {}

    public func load() throws -> PushDirectory.Contents { PushDirectory.Contents() }

    public func save(_ change: PushDirectory.Change, all: PushDirectory.Contents) throws {}
}
