import Foundation

/// Which node fires a due entry first when several share a store.
///
/// Every entry has one owner among the live nodes, the same on every node: the
/// node at the index of a stable hash of the entry's app and identifier (FNV-1a,
/// not Swift's per-process seeded `Hasher`) in the sorted list of live nodes. The
/// owner fires the entry at its date; the others fire it ``grace`` later, as its
/// backup, in case the owner is slow or dead. Claims still decide who delivers,
/// so an entry fired by two nodes is delivered once; ownership only keeps the
/// nodes from all reaching for every entry at the same instant and waiting on
/// each other's locks.
///
/// A node missing from the list (its first lease not yet recorded) owns every
/// entry, as a lone engine does.
struct DueOwnership: Equatable {
    /// This node.
    let node: UUID
    /// The live nodes, sorted.
    let nodes: [UUID]
    /// How long after an entry's date a node that does not own it fires it.
    let grace: TimeInterval

    init(node: UUID, nodes: some Sequence<UUID>, grace: TimeInterval) {
        self.node = node
        self.nodes = nodes.sorted { $0.uuidString < $1.uuidString }
        self.grace = grace
    }

    /// Whether this node fires `entry` at its date.
    func owns(_ entry: DueEntry) -> Bool {
        guard nodes.count > 1, let own = nodes.firstIndex(of: node) else { return true }
        return Int(Self.hash(entry.app.rawValue, entry.identifier) % UInt64(nodes.count)) == own
    }

    /// When this node fires `entry`.
    func fireDate(of entry: DueEntry) -> Date {
        owns(entry) ? entry.date : entry.date.addingTimeInterval(grace)
    }

    /// FNV-1a over the app's and the identifier's UTF-8, with a zero byte between.
    static func hash(_ app: String, _ identifier: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in app.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        hash = (hash ^ 0) &* 0x100_0000_01b3
        for byte in identifier.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
