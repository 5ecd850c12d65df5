import Foundation
import GRDB
import NotificationModel
import PushService

/// The pushes waiting for devices on other machines, for a node alone: in
/// `push-queue.sqlite` in the data directory (``DeviceQueueSchema``). Each call is
/// all or nothing, in a transaction with the calls that arrived with it
/// (``GroupedWrites``); a push is kept with its whole ``RemoteNotification``, and
/// each device's next number, so numbers never go back after a restart.
///
/// The file is in WAL mode with GRDB's `synchronous = NORMAL`: a push kept before
/// the service answered survives the process being killed; a power cut may lose the
/// last ones, as for the webhook outbox, rather than wait for the disk on every push.
final class SQLiteDeviceQueues: DeviceQueueStore {
    /// The file, which ``SQLitePushResources`` shares.
    let database: DatabaseQueue
    /// The grouped transactions, which ``SQLitePushResources`` shares.
    let writes: GroupedWrites
    private let followers = DeviceQueueFollowers()
    /// The file's path, for messages.
    let path: String

    /// Opens (creating if needed) the queues at `path`.
    ///
    /// - Throws: ``PushServiceError`` `storeFailure` when the file cannot be opened or migrated.
    init(path: String) throws {
        self.path = path
        database = try PushStoreFailure.guarding("cannot open the push queue \(path)") {
            var configuration = Configuration()
            configuration.journalMode = .wal
            configuration.busyMode = .timeout(5)
            configuration.label = "Herald.DeviceQueues"
            let database = try DatabaseQueue(path: path, configuration: configuration)
            try DeviceQueueSchema.migrator.migrate(database)
            return database
        }
        writes = GroupedWrites(database: database, label: "herald.push-queue")
    }

    func enqueue(
        device: String, app: String, notification: RemoteNotification, expiration: PushHeaders.Expiration?,
        isConnected: Bool, now: Date
    ) async throws -> DeviceQueue.Outcome {
        let row: DeviceQueueRow
        switch try DeviceQueueRow.admit(
            app: app, notification: notification, expiration: expiration, isConnected: isConnected, now: now)
        {
        case .refused(let outcome): return outcome
        case .row(let admitted): row = admitted
        }
        let outcome = try await writes.write("keeping a push for \(device)") { db in try Self.keep(row, for: device, in: db) }
        followers.announce(device, after: outcome)
        return outcome
    }

    /// Puts `row` in the place of the device's first push never sent with its app and
    /// collapse identifier; else removes those sent and puts it after the others.
    private static func keep(_ row: DeviceQueueRow, for device: String, in db: Database) throws -> DeviceQueue.Outcome {
        var supersedes = false
        if let collapse = row.collapseIdentifier {
            if let sequence = try Int64.fetchOne(
                db.cachedStatement(
                    sql: """
                    SELECT sequence FROM push WHERE device = ? AND app = ? AND collapse_id = ? AND was_sent = 0
                    ORDER BY sequence LIMIT 1
                    """),
                arguments: [device, row.app, collapse])
            {
                try db.run(
                    sql: "UPDATE push SET notification = ?, expires_at = ? WHERE device = ? AND sequence = ?",
                    arguments: [row.notification, row.expiresAt, device, sequence])
                return .replaced(UInt64(sequence))
            }
            try db.run(
                sql: "DELETE FROM push WHERE device = ? AND app = ? AND collapse_id = ?", arguments: [device, row.app, collapse])
            supersedes = db.changesCount > 0
        }
        let sequence = UInt64(try append(row, for: device, in: db))
        return supersedes ? .superseded(sequence) : .queued(sequence)
    }

    /// Puts `row` after the device's other pushes, at its next number; returns the number.
    private static func append(_ row: DeviceQueueRow, for device: String, in db: Database) throws -> Int64 {
        let count = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT count(*) FROM push WHERE device = ?"), arguments: [device]) ?? 0
        guard count < DeviceQueue.capacity else { throw DeviceQueue.full }
        let sequence: Int64
        if let next = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT next_sequence FROM device WHERE device = ?"), arguments: [device])
        {
            sequence = next
            try db.run(sql: "UPDATE device SET next_sequence = ? WHERE device = ?", arguments: [sequence + 1, device])
        } else {
            sequence = 1
            _ = try startNumbering(device, next: sequence + 1, in: db)
        }
        try db.run(
            sql: """
                INSERT INTO push (device, sequence, app, collapse_id, expires_at, is_sent, was_sent, notification)
                VALUES (?, ?, ?, ?, ?, 0, 0, ?)
                """,
            arguments: [device, sequence, row.app, row.collapseIdentifier, row.expiresAt, row.notification])
        return sequence
    }

    func takeUnsent(device: String, now: Date) async throws -> [DeviceQueue.Entry] {
        try await takeUnsent(device, now: now) { row in
            try DeviceQueueRow.entry(
                sequence: row["sequence"], app: row["app"], notification: row["notification"],
                expiresAt: row["expires_at"], isSent: true, wasSent: true)
        }
    }

    func takeUnsentLines(device: String, now: Date) async throws -> Data {
        Data(
            try await takeUnsent(device, now: now) { row in
                try DeviceQueueRow.line(
                    sequence: row["sequence"], app: row["app"], notification: row["notification"],
                    expiresAt: row["expires_at"])
            }.joined())
    }

    /// The device's pushes to send now, in order, as `make` makes each of its row,
    /// marked sent; expired ones are dropped first.
    private func takeUnsent<T: Sendable>(
        _ device: String, now: Date, _ make: @escaping @Sendable (Row) throws -> T
    ) async throws -> [T] {
        try await writes.write("taking the pushes to send to \(device)") { db in
            try db.run(
                sql: "DELETE FROM push WHERE device = ? AND expires_at <= ?",
                arguments: [device, now.timeIntervalSinceReferenceDate])
            let made = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT sequence, app, notification, expires_at FROM push WHERE device = ? AND is_sent = 0
                        ORDER BY sequence
                        """),
                arguments: [device]
            ).map(make)
            try db.run(
                sql: "UPDATE push SET is_sent = 1, was_sent = 1 WHERE device = ? AND is_sent = 0", arguments: [device])
            return made
        }
    }

    func acknowledge(device: String, through sequence: UInt64) async throws {
        try await writes.write("forgetting the pushes \(device) acknowledged") { db in
            try db.run(
                sql: "DELETE FROM push WHERE device = ? AND sequence <= ? AND is_sent = 1",
                arguments: [device, DeviceQueueRow.stored(sequence)])
        }
    }

    func disconnected(device: String) async throws {
        try await writes.write("putting back the pushes sent to \(device)") { db in
            try db.run(sql: "DELETE FROM push WHERE device = ? AND expires_at IS NULL", arguments: [device])
            try db.run(sql: "UPDATE push SET is_sent = 0 WHERE device = ? AND is_sent = 1", arguments: [device])
        }
    }

    func dropExpired(now: Date) async throws {
        try await writes.write("dropping expired pushes") { db in
            try db.run(sql: "DELETE FROM push WHERE expires_at <= ?", arguments: [now.timeIntervalSinceReferenceDate])
        }
    }

    func epoch(device: String) async throws -> String {
        try await writes.write("reading the epoch of \(device)'s numbers") { db in
            if let epoch = try String.fetchOne(
                db.cachedStatement(sql: "SELECT epoch FROM device WHERE device = ?"), arguments: [device])
            {
                return epoch
            }
            return try Self.startNumbering(device, next: 1, in: db)
        }
    }

    /// Makes the row of a device that has none: its numbers go on from `next`, in a
    /// new epoch, which it returns.
    private static func startNumbering(_ device: String, next: Int64, in db: Database) throws -> String {
        let epoch = DeviceQueue.makeEpoch()
        try db.run(
            sql: "INSERT INTO device (device, next_sequence, epoch) VALUES (?, ?, ?)", arguments: [device, next, epoch])
        return epoch
    }

    func remove(device: String) async throws {
        try await writes.write("forgetting the device \(device)") { db in
            try db.run(sql: "DELETE FROM push WHERE device = ?", arguments: [device])
            try db.run(sql: "DELETE FROM device WHERE device = ?", arguments: [device])
        }
    }

    /// A node alone: only the pushes this store keeps are announced.
    func follow(_ handler: @escaping @Sendable (String?) -> Void) {
        followers.add(handler)
    }

    /// The device's pushes, in order, and the number its next push gets.
    func contents(of device: String) throws -> (entries: [DeviceQueue.Entry], nextSequence: UInt64) {
        try PushStoreFailure.guarding("reading the pushes of \(device)") {
            try database.read { db in
                let entries = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT sequence, app, notification, expires_at, is_sent, was_sent FROM push
                        WHERE device = ? ORDER BY sequence
                        """,
                    arguments: [device]
                ).map { row in
                    try DeviceQueueRow.entry(
                        sequence: row["sequence"], app: row["app"], notification: row["notification"],
                        expiresAt: row["expires_at"], isSent: row["is_sent"], wasSent: row["was_sent"])
                }
                let next = try Int64.fetchOne(
                    db, sql: "SELECT next_sequence FROM device WHERE device = ?", arguments: [device])
                return (entries, next.map(UInt64.init) ?? 1)
            }
        }
    }

    /// Closes the file: for tests reopening it.
    func close() throws {
        try database.close()
    }

}
