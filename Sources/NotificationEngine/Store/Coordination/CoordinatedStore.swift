package import Foundation

/// A store that several engines (Herald nodes) write at the same time:
/// PostgreSQL. The engine reaches it only through its coordination strategy
/// (``EngineCoordination/coordinated(_:)``), never by a downcast. Each engine still keeps a window of the soonest due entries and
/// one timer; the store makes their work come out once:
///
/// - Firing claims the due rows it fires (row locks, `SKIP LOCKED`), so two
///   engines never both deliver one request; an engine that finds rows claimed
///   by another looks again shortly, in case that engine died before committing.
/// - Changes of one app on several engines take turns on the app's row lock, so
///   the pending limit and replace-by-identifier hold; the engine reads an app's
///   records and counts from the store, not from its caches.
/// - Every commit that makes a request due sooner is announced
///   (``CoordinatedTransaction/announceDue(_:)``), and every engine refills its
///   window when the date falls inside it ( ``CoordinationSignal/dueChanged(_:)``).
/// - Outbox entries carry the engine that wrote them and a lease it renews; an
///   engine that stops renewing (killed) leaves entries that another claims
///   (``CoordinatedTransaction/claimAbandonedOutbox()``) and presents again, with
///   the same delivery identifiers.
package protocol CoordinatedStore: NotificationStore {
    /// This engine's identity among the store's writers, new for each store opened.
    var node: UUID { get }

    /// Starts telling `handler` what other engines did; it is called on a thread
    /// of the store's, and again with `dueChanged(nil)` whenever the store may
    /// have missed announcements (on start and after a reconnection). Stops when
    /// the store closes.
    func startCoordinating(_ handler: @escaping @Sendable (CoordinationSignal) -> Void)

    /// Runs `body` in a write transaction, as ``NotificationStore/write(_:)``
    /// does, handing it the transaction with the operations that keep the
    /// store's writers in step.
    func coordinatedWrite<T>(_ body: (any CoordinatedTransaction) throws -> T) throws -> T
}

/// What a coordinated store tells its engine.
package enum CoordinationSignal: Sendable, Equatable {
    /// A commit of another engine made a request due at this date (`nil`: some
    /// date, unknown): a window that could miss it must be refilled.
    case dueChanged(Date?)
    /// Outbox entries of an engine that stopped renewing its lease are waiting.
    case outboxAbandoned
}

/// An app's row as ``CoordinatedTransaction/lockApps(_:)`` read it.
package struct LockedAppRow: Sendable {
    package var preferences: AppNotificationPreferences?
    package var categories: [NotificationCategory]
    package var badge: Int

    package init(preferences: AppNotificationPreferences?, categories: [NotificationCategory], badge: Int) {
        self.preferences = preferences
        self.categories = categories
        self.badge = badge
    }
}

/// The operations of a coordinated store's transaction beyond ``StoreTransaction``.
package protocol CoordinatedTransaction: StoreTransaction {
    /// Locks the apps' rows until the transaction ends (creating them if need be),
    /// so that other engines' changes of the apps wait, and returns what they hold.
    /// Lock apps in sorted order, before any of their pending rows.
    @discardableResult
    func lockApps(_ apps: [AppIdentifier]) throws -> [AppIdentifier: LockedAppRow]

    /// For firing: locks those of the keys' apps' existing rows that no other
    /// transaction holds, as ``lockApps(_:)`` does but without waiting, and
    /// returns what they hold, leaving out apps whose rows are held (or missing);
    /// then claims (``claimPending(_:)``) the keys of the apps it locked. Another
    /// engine that holds an app is firing it or changing it, and the rows it
    /// leaves are looked at again shortly. On PostgreSQL one statement.
    func lockAppsSkippingLockedAndClaim(
        _ keys: [(app: AppIdentifier, identifier: String)]
    ) throws -> (apps: [AppIdentifier: LockedAppRow], claimed: [PendingRecord])

    /// How many requests the app has pending.
    func pendingCount(_ app: AppIdentifier) throws -> Int

    /// Locks the pending rows of these keys that no other transaction holds and
    /// returns them as they are now; rows another transaction holds, and keys
    /// that are not pending, are left out.
    func claimPending(_ keys: [(app: AppIdentifier, identifier: String)]) throws -> [PendingRecord]

    /// Tells the other engines, when this transaction commits, that a request is
    /// due at `date`.
    func announceDue(_ date: Date) throws

    /// Claims the outbox entries of engines that stopped renewing their lease, for
    /// this engine, and returns their deliveries in order.
    func claimAbandonedOutbox() throws -> [Delivery]
}
