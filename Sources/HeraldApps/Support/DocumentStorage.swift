public import Foundation

/// Where the bundled apps keep their documents (a list, tasks, items), each
/// under a name such as `todo.json`: files in the data directory
/// (``FileDocumentStorage``), or a database that several daemons share, which
/// the daemon provides.
public protocol DocumentStorage: Sendable {
    /// Whether other processes read and write the documents too. The apps then
    /// read a document afresh for each operation, inside ``exclusively(_:_:)``.
    var isShared: Bool { get }

    /// The document's bytes, or `nil` when it was never saved.
    func load(_ name: String) throws -> Data?

    /// Replaces the document, atomically.
    func save(_ name: String, _ data: Data) throws

    /// Runs `body` while no other process runs a body for the same document.
    func exclusively<T: Sendable>(_ name: String, _ body: @Sendable () async throws -> T) async throws -> T

    /// Calls `handler` whenever another process saved the document.
    func observe(_ name: String, _ handler: @escaping @Sendable () -> Void)
}
