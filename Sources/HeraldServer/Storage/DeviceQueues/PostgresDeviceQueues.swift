import Foundation
import NotificationModel
import PostgresNIO
import PostgresSupport
import PushService

/// The pushes waiting for devices on other machines, in the database the nodes
/// share (`push_queue_devices`, `push_queue`, ``DaemonDatabase``), so that a push
/// any node accepts reaches the device on the node holding its connection.
///
/// Every call on one device first locks the device's row (`push_queue_devices`),
/// so that calls on one device from several nodes run one after the other, as on
/// the queue alone: two pushes kept at once get distinct, increasing numbers, and
/// the capacity and collapse are decided on what the other kept. Dropping expired
/// pushes locks the rows of the devices it drops from, in order, so no two calls
/// wait for each other. A push kept is announced
/// (``DaemonDatabase/Change/deviceQueue(device:)``), to every node after the commit.
struct PostgresDeviceQueues: DeviceQueueStore {
    let database: DaemonDatabase

    func enqueue(
        device: String, app: String, notification: RemoteNotification, expiration: PushHeaders.Expiration?,
        isConnected: Bool, now: Date
    ) throws -> DeviceQueue.Outcome {
        let row: DeviceQueueRow
        switch try DeviceQueueRow.admit(
            app: app, notification: notification, expiration: expiration, isConnected: isConnected, now: now)
        {
        case .refused(let outcome): return outcome
        case .row(let admitted): row = admitted
        }
        return try write { statements in
            let outcome = try keep(row, for: device, in: statements)
            try database.announce(.deviceQueue(device: device), in: statements)
            return outcome
        }
    }

    /// Puts `row` in the place of the device's first push never sent with its app and
    /// collapse identifier; else removes those sent and puts it after the others. The
    /// device's row is locked first.
    private func keep(_ row: DeviceQueueRow, for device: String, in statements: PostgresStatements) throws
        -> DeviceQueue.Outcome
    {
        let next = try statements.rows(
            """
            INSERT INTO push_queue_devices (device, next_sequence, epoch) VALUES (\(device), 1, replace(gen_random_uuid()::text, '-', ''))
            ON CONFLICT (device) DO UPDATE SET next_sequence = push_queue_devices.next_sequence
            RETURNING next_sequence
            """,
            "locking the push queue of \(device)"
        ) { try $0.decode(Int64.self) }.first ?? 1
        var supersedes = false
        if let collapse = row.collapseIdentifier {
            if let sequence = try replace(row, collapse: collapse, of: device, in: statements) {
                return .replaced(UInt64(sequence))
            }
            supersedes = try !statements.rows(
                """
                DELETE FROM push_queue WHERE device = \(device) AND app = \(row.app) AND collapse_id = \(collapse)
                RETURNING sequence
                """,
                "removing the sent pushes \(device) may show"
            ) { try $0.decode(Int64.self) }.isEmpty
        }
        try append(row, at: next, for: device, in: statements)
        return supersedes ? .superseded(UInt64(next)) : .queued(UInt64(next))
    }

    /// Puts `row` after the device's other pushes, at `next`, its next number.
    private func append(_ row: DeviceQueueRow, at next: Int64, for device: String, in statements: PostgresStatements)
        throws
    {
        let count = try statements.rows(
            "SELECT count(*) FROM push_queue WHERE device = \(device)", "counting the pushes of \(device)"
        ) { try $0.decode(Int64.self) }.first ?? 0
        guard count < DeviceQueue.capacity else { throw DeviceQueue.full }
        try statements.execute(
            """
            INSERT INTO push_queue (device, sequence, app, collapse_id, expires_at, is_sent, was_sent, notification)
            VALUES (\(device), \(next), \(row.app), \(row.collapseIdentifier), \(row.expiresAt), false, false, \(row.notification))
            """,
            "keeping a push for \(device)")
        try statements.execute(
            "UPDATE push_queue_devices SET next_sequence = \(next + 1) WHERE device = \(device)",
            "numbering the pushes of \(device)")
    }

    /// Puts `row` in the place of the device's first push never sent with its app and
    /// `collapse`; the number of that push, `nil` when there is none.
    private func replace(_ row: DeviceQueueRow, collapse: String, of device: String, in statements: PostgresStatements)
        throws -> Int64?
    {
        try statements.rows(
            """
            UPDATE push_queue SET notification = \(row.notification), expires_at = \(row.expiresAt)
            WHERE device = \(device) AND sequence = (
                SELECT min(sequence) FROM push_queue
                WHERE device = \(device) AND app = \(row.app) AND collapse_id = \(collapse) AND NOT was_sent)
            RETURNING sequence
            """,
            "replacing a push of \(device) never sent"
        ) { try $0.decode(Int64.self) }.first
    }

    func takeUnsent(device: String, now: Date) throws -> [DeviceQueue.Entry] {
        try write { statements in
            try lock(device, in: statements)
            try statements.execute(
                "DELETE FROM push_queue WHERE device = \(device) AND expires_at <= \(now.timeIntervalSinceReferenceDate)",
                "dropping the expired pushes of \(device)")
            return try statements.rows(
                """
                UPDATE push_queue SET is_sent = true, was_sent = true WHERE device = \(device) AND NOT is_sent
                RETURNING sequence, app, notification, expires_at
                """,
                "taking the pushes to send to \(device)"
            ) { row in
                let (sequence, app, notification, expiresAt) = try row.decode((Int64, String, String, Double?).self)
                return try DeviceQueueRow.entry(
                    sequence: sequence, app: app, notification: notification, expiresAt: expiresAt, isSent: true,
                    wasSent: true)
            }.sorted { $0.sequence < $1.sequence }
        }
    }

    func acknowledge(device: String, through sequence: UInt64) throws {
        try write { statements in
            try lock(device, in: statements)
            try statements.execute(
                """
                DELETE FROM push_queue
                WHERE device = \(device) AND sequence <= \(DeviceQueueRow.stored(sequence)) AND is_sent
                """,
                "forgetting the pushes \(device) acknowledged")
        }
    }

    func disconnected(device: String) throws {
        try write { statements in
            try lock(device, in: statements)
            try statements.execute(
                "DELETE FROM push_queue WHERE device = \(device) AND expires_at IS NULL",
                "dropping the now-or-never pushes of \(device)")
            try statements.execute(
                "UPDATE push_queue SET is_sent = false WHERE device = \(device) AND is_sent",
                "putting back the pushes sent to \(device)")
        }
    }

    func dropExpired(now: Date) throws {
        let now = now.timeIntervalSinceReferenceDate
        try write { statements in
            let devices = try statements.rows(
                """
                SELECT device FROM push_queue_devices
                WHERE device IN (SELECT device FROM push_queue WHERE expires_at <= \(now))
                ORDER BY device FOR UPDATE
                """,
                "locking the queues with expired pushes"
            ) { try $0.decode(String.self) }
            guard !devices.isEmpty else { return }
            try statements.execute(
                "DELETE FROM push_queue WHERE device = ANY(\(devices)) AND expires_at <= \(now)",
                "dropping expired pushes")
        }
    }

    func epoch(device: String) throws -> String {
        try write { statements in
            try statements.rows(
                """
                INSERT INTO push_queue_devices (device, next_sequence, epoch) VALUES (\(device), 1, replace(gen_random_uuid()::text, '-', ''))
                ON CONFLICT (device) DO UPDATE SET epoch = push_queue_devices.epoch
                RETURNING epoch
                """,
                "reading the epoch of \(device)'s numbers"
            ) { try $0.decode(String.self) }.first ?? ""
        }
    }

    func remove(device: String) throws {
        try write { statements in
            try statements.execute(
                "DELETE FROM push_queue_devices WHERE device = \(device)", "forgetting the device \(device)")
            try statements.execute("DELETE FROM push_queue WHERE device = \(device)", "forgetting the pushes of \(device)")
        }
    }

    /// Every node's pushes, announced; `nil` after this node's listening connection
    /// came back, since announcements made while it was away are lost. Each call
    /// listens on a connection of its own: call it once per node.
    func follow(_ handler: @escaping @Sendable (String?) -> Void) {
        database.follow { change in
            switch change {
            case nil: handler(nil)
            case .deviceQueue(let device): handler(device)
            default: break
            }
        }
    }

    /// The device's pushes, in order, and the number its next push gets.
    func contents(of device: String) throws -> (entries: [DeviceQueue.Entry], nextSequence: UInt64) {
        try PushStoreFailure.guarding("reading the pushes of \(device)") {
            try database.read { statements in
                let entries = try statements.rows(
                    """
                    SELECT sequence, app, notification, expires_at, is_sent, was_sent FROM push_queue
                    WHERE device = \(device) ORDER BY sequence
                    """,
                    "reading the pushes of \(device)"
                ) { row in
                    let (sequence, app, notification, expiresAt, isSent, wasSent) = try row.decode(
                        (Int64, String, String, Double?, Bool, Bool).self)
                    return try DeviceQueueRow.entry(
                        sequence: sequence, app: app, notification: notification, expiresAt: expiresAt, isSent: isSent,
                        wasSent: wasSent)
                }
                let next = try statements.rows(
                    "SELECT next_sequence FROM push_queue_devices WHERE device = \(device)",
                    "reading the next number of \(device)"
                ) { try $0.decode(Int64.self) }.first
                return (entries, next.map(UInt64.init) ?? 1)
            }
        }
    }

    /// Locks the device's row until the transaction ends (nothing when it has none).
    private func lock(_ device: String, in statements: PostgresStatements) throws {
        try statements.execute(
            "SELECT 1 FROM push_queue_devices WHERE device = \(device) FOR UPDATE", "locking the push queue of \(device)")
    }

    /// Runs `body` in one transaction; a failure is ``PushServiceError`` `storeFailure`.
    private func write<T>(_ body: (PostgresStatements) throws -> T) throws -> T {
        try PushStoreFailure.guarding("the push queue in \(database.postgres.description)") { try database.write(body) }
    }
}
