import Foundation
import PostgresNIO

/// What several engines on one database need: app locks, claims of due rows,
/// announcements and outbox leases (``CoordinatedStore``).
extension PostgresTransaction: CoordinatedTransaction {
    func lockApps(_ apps: [AppIdentifier]) throws -> [AppIdentifier: LockedAppRow] {
        guard !apps.isEmpty else { return [:] }
        // An upsert that always updates: it inserts a new app's row and locks an
        // existing one, in one statement, in the order given, and reads it back.
        let rows = try rows(
            """
            INSERT INTO apps (app) SELECT unnest(\(apps.map(\.rawValue)))
            ON CONFLICT (app) DO UPDATE SET app = excluded.app
            RETURNING app, preferences, categories, badge
            """,
            "locking \(apps.count) apps"
        ) { try $0.decode((String, String?, String?, Int).self) }
        knownApps.formUnion(apps)
        return try appRows(rows)
    }

    /// One statement (``LockAndClaimStatement``): the apps' rows locked (skipping
    /// those held) in a materialized `WITH` clause, which the claim of the pending
    /// rows reads, so that the apps are locked before their rows, as in every
    /// other transaction.
    func lockAppsSkippingLockedAndClaim(
        _ keys: [(app: AppIdentifier, identifier: String)]
    ) throws -> (apps: [AppIdentifier: LockedAppRow], claimed: [PendingRecord]) {
        guard !keys.isEmpty else { return ([:], []) }
        let apps = Set(keys.map(\.app.rawValue)).sorted()
        var appRows: [(String, String?, String?, Int)] = []
        var claimed: [PendingRecord] = []
        let statement = LockAndClaimStatement(
            apps: apps, keyApps: keys.map(\.app.rawValue), keyIdentifiers: keys.map(\.identifier))
        for (isApp, app, preferences, categories, badge, identifier, request, nextFire, added) in try rows(
            statement, "locking \(apps.count) apps if free and claiming \(keys.count) pending requests")
        {
            if isApp {
                appRows.append((app, preferences, categories, badge ?? 0))
            } else if let identifier, let request, let added {
                claimed.append(Self.pendingRecord(AppIdentifier(rawValue: app), identifier, request, nextFire, added))
            }
        }
        let locked = try self.appRows(appRows)
        knownApps.formUnion(locked.keys)
        return (locked, claimed)
    }

    private func appRows(_ rows: [(String, String?, String?, Int)]) throws -> [AppIdentifier: LockedAppRow] {
        var locked: [AppIdentifier: LockedAppRow] = [:]
        for (app, preferences, categories, badge) in rows {
            locked[AppIdentifier(rawValue: app)] = LockedAppRow(
                preferences: try preferences.map { try decodeJSON(AppNotificationPreferences.self, $0) },
                categories: try categories.map { try decodeJSON([NotificationCategory].self, $0) } ?? [],
                badge: badge)
        }
        return locked
    }

    func pendingCount(_ app: AppIdentifier) throws -> Int {
        try rows("SELECT count(*) FROM pending WHERE app = \(app.rawValue)", "counting the pending requests of \(app)") {
            try $0.decode(Int.self)
        }.first ?? 0
    }

    func claimPending(_ keys: [(app: AppIdentifier, identifier: String)]) throws -> [PendingRecord] {
        try pendingRecords(keys, lockingRows: true)
    }

    func announceDue(_ date: Date) throws {
        let payload = PostgresStore.duePayload(schema: schema, node: node, date: date)
        try execute("SELECT pg_notify(\(PostgresStore.dueChannel), \(payload))", "announcing a due date")
    }

    func claimAbandonedOutbox() throws -> [Delivery] {
        let claimed = try rows(
            """
            UPDATE outbox SET owner = \(node),
                lease_until = extract(epoch FROM clock_timestamp()) + \(PostgresStore.outboxLease)
            WHERE delivery_id IN (
                SELECT delivery_id FROM outbox
                WHERE owner <> \(node) AND lease_until < extract(epoch FROM clock_timestamp())
                FOR UPDATE SKIP LOCKED)
            RETURNING delivery_id
            """,
            "claiming abandoned outbox entries"
        ) { try $0.decode(UUID.self) }
        guard !claimed.isEmpty else { return [] }
        return try outbox(among: claimed)
    }
}
