import HeraldAPI
import NotificationEngine
import PostgresSupport
import Synchronization

/// The event stream's log in the PostgreSQL database the daemons (nodes) share:
/// an event appended on any node reaches the stream of every node, numbered the
/// same everywhere (all apps and per app), and `?after=N` resumes on any node.
///
/// **The path of an event.** ``append(_:)`` only queues it: the
/// ``EventLogWriter`` appends it to the ``EventTable`` with the others waiting, in
/// one transaction that numbers them (under the table's head-row lock, so numbers
/// are committed in order and without gaps) and sends `NOTIFY herald_events`.
/// Every node, the publishing one too, `LISTEN`s; the announcement (its number)
/// has the node's ``EventStream`` read the table after the last number it handed
/// out. Every node thus hands out the same events in the same order; none
/// decides on its own.
///
/// **Failures.** The listening connection reconnects by itself (0.1 s doubling to
/// 5 s); after each connection the stream reads the table after its last number,
/// so its subscribers miss nothing and get nothing twice, as long as the table
/// still holds what came meanwhile (else they see the gap, and it is logged).
/// What the writer does when appending fails is in ``EventLogWriter``.
final class PostgresEventLog: EventLog {
    let table: EventTable
    let writer: EventLogWriter
    private let store: PostgresConnections
    /// The last number read from the table's head or heard announced.
    private let known: Mutex<Int>

    /// The log in `store` (the engine's), whose tables it creates if needed.
    ///
    /// - Throws: ``NotificationError`` when the log cannot be created or read.
    init(store: PostgresConnections) throws {
        self.store = store
        table = try EventTable(store: store)
        writer = EventLogWriter(log: table)
        known = Mutex(try table.head())
    }

    var readsInline: Bool { false }
    var measuresSizes: Bool { false }

    var head: Int {
        known.withLock { $0 }
    }

    func start(announcing announced: @escaping @Sendable (Int?) -> Void) {
        let schema = store.schema
        store.listen(on: EventTable.channel) { [weak self] payload in
            guard let payload else {
                announced(nil)  // (re)connected: read what was announced while nobody listened
                return
            }
            guard let sequence = EventTable.announcedSequence(payload, schema: schema) else { return }
            self?.known.withLock { $0 = max($0, sequence) }
            announced(sequence)
        }
    }

    func append(_ entry: EventLogEntry) {
        writer.add(entry)
    }

    func read(after sequence: Int, limit: Int) throws -> [LoggedEvent] {
        try table.read(after: sequence, limit: limit)
    }

    /// Nothing: the table keeps its rows for a time, for every node.
    func handedOut(through sequence: Int, sizes: [Int]) {}

    func replay(app: AppIdentifier?, after: Int) throws -> EventReplay {
        try table.replay(app: app, after: after)
    }
}
