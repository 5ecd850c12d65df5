import Foundation

/// How the engine works beside the other writers of its store, chosen once
/// when the engine opens its store: the one seam between one node and many.
///
/// Every difference between the two lives here, in ``TransactionCoordinator``
/// and in `NotificationEngine+Coordination.swift`; the rest of the engine asks
/// the strategy, and never looks at the store's type.
enum EngineCoordination: Sendable {
    /// The engine is its store's only writer (in memory, SQLite): apps' records
    /// and counts are cached in memory, a batch's rows are read before its
    /// write transaction, and the outbox is the engine's own.
    case singleWriter
    /// Several engines write the store (PostgreSQL, ``CoordinatedStore``): apps
    /// are locked and read in each transaction, due rows claimed, every commit
    /// that makes a request due sooner announced, and outbox entries leased.
    case coordinated(any CoordinatedStore)

    init(_ store: any NotificationStore) {
        if let coordinated = store as? any CoordinatedStore {
            self = .coordinated(coordinated)
        } else {
            self = .singleWriter
        }
    }

    /// Whether apps' records may be kept in memory between transactions and
    /// read before a write: no other engine changes them.
    var cachesAppRecords: Bool {
        if case .singleWriter = self { true } else { false }
    }

    /// Whether firing reads a batch's pending rows before its write transaction
    /// (and the next batch's while it commits); with other writers the rows are
    /// claimed in the transaction instead.
    var readsDueRowsAhead: Bool {
        if case .singleWriter = self { true } else { false }
    }

    /// Whether every change of pending requests goes through this engine, so
    /// that a version number it keeps tells when a list changed.
    var seesEveryPendingChange: Bool {
        if case .singleWriter = self { true } else { false }
    }

    /// Whether every outbox entry is this engine's, to present again after a
    /// crash; with other writers, only those whose lease ran out are taken over.
    var ownsOutbox: Bool {
        if case .singleWriter = self { true } else { false }
    }

    /// Whether the store's calls wait on a server, and so are run off Swift
    /// concurrency's threads.
    var waitsOnServer: Bool {
        if case .singleWriter = self { false } else { true }
    }
}
