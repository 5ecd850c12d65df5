import Foundation
import HeraldAPI
import NotificationModel
import PushService

/// A push as ``SQLiteDeviceQueues`` and ``PostgresDeviceQueues`` keep it in a row:
/// the whole ``RemoteNotification`` as JSON, its collapse identifier beside it (to
/// find the push a new one replaces or removes), and its expiration as seconds since the
/// reference date (`Date.timeIntervalSinceReferenceDate`, which round-trips bit for
/// bit), `NULL` for now or never.
struct DeviceQueueRow {
    /// A push handed to `enqueue`: its row, or the outcome that refuses it before
    /// the queue is looked at.
    enum Admission {
        case row(DeviceQueueRow)
        case refused(DeviceQueue.Outcome)
    }

    let app: String
    let collapseIdentifier: String?
    let expiresAt: Double?
    let notification: String

    /// Decides as ``DeviceQueue/admission(of:isConnected:now:)`` does.
    ///
    /// - Throws: ``PushServiceError`` `storeFailure` when the push cannot be written as JSON.
    static func admit(
        app: String, notification: RemoteNotification, expiration: PushHeaders.Expiration?, isConnected: Bool,
        now: Date
    ) throws -> Admission {
        switch DeviceQueue.admission(of: expiration, isConnected: isConnected, now: now) {
        case .refused(let outcome):
            return .refused(outcome)
        case .kept(let until):
            let json = try PushStoreFailure.guarding("writing a push as JSON") {
                String(decoding: try LinkMessage.notificationJSON(notification), as: UTF8.self)
            }
            return .row(
                DeviceQueueRow(
                    app: app, collapseIdentifier: notification.collapseIdentifier,
                    expiresAt: until?.timeIntervalSinceReferenceDate, notification: json))
        }
    }

    /// The entry a stored row holds.
    ///
    /// - Throws: ``PushServiceError`` `storeFailure` when the JSON is not a push.
    static func entry(
        sequence: Int64, app: String, notification: String, expiresAt: Double?, isSent: Bool, wasSent: Bool
    ) throws -> DeviceQueue.Entry {
        let decoded = try PushStoreFailure.guarding("reading the push \(sequence)") {
            try LinkMessage.notification(fromJSON: Data(notification.utf8))
        }
        return DeviceQueue.Entry(
            sequence: UInt64(sequence), app: app, notification: decoded,
            expiresAt: expiresAt.map(Date.init(timeIntervalSinceReferenceDate:)), isSent: isSent,
            wasSent: wasSent)
    }

    /// The link's line of a stored push (``LinkMessage/line(_:)``), its notification's
    /// JSON as kept (``LinkMessage/notificationJSON(_:)``), not read back.
    ///
    /// - Throws: ``PushServiceError`` `storeFailure` for an expiration JSON cannot hold.
    static func line(sequence: Int64, app: String, notification: String, expiresAt: Double?) throws -> [UInt8] {
        var writer = JSONWriter(capacity: notification.utf8.count + app.utf8.count + 64)
        writer.raw("{")
        writer.key("sequence")
        writer.int(Int(sequence))
        writer.key("app")
        writer.string(app)
        writer.key("notification")
        writer.verbatim(notification)
        if let expiresAt {
            writer.key("expiresAt")
            try PushStoreFailure.guarding("writing the expiration of push \(sequence)") {
                // The link's dates: seconds since 1970.
                try writer.number(Date(timeIntervalSinceReferenceDate: expiresAt).timeIntervalSince1970)
            }
        }
        writer.raw("}\n")
        return writer.bytes
    }

    /// A sequence number as stored, a signed 64-bit integer: a larger one (which no
    /// push has) as the largest, so that a device acknowledging it acknowledges all.
    static func stored(_ sequence: UInt64) -> Int64 {
        Int64(clamping: sequence)
    }
}
