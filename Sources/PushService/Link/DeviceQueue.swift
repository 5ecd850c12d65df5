public import Foundation
public import NotificationModel

/// The pushes waiting for one device on another machine, as the push service keeps
/// them until the device acknowledges them: a pure value, the clock coming in with
/// each call, so the service's store and its link to the device only carry out what
/// it decides.
///
/// - **Order.** Each push gets the device's next sequence number and is sent in that
///   order; a device acknowledges cumulatively (every push up to a number).
/// - **Collapse.** A push with the collapse identifier of one never sent, for the
///   same app, takes its place (its number and position). One sent once, on this
///   connection or on one cut since, may be shown on the device, which skips the
///   numbers it has shown: the new push never takes its number, but removes it and
///   follows the others at a new number (the device replaces what it shows, by the
///   request identifier, which is the collapse identifier). So once a push with a
///   collapse identifier comes, it is the only one with it, for its app, in the
///   queue, and the device shows it last.
/// - **Expiration.** `apns-expiration: 0` is delivered now or never: kept only while
///   the device is connected, and dropped, not sent again, if the connection is cut
///   before it is acknowledged. A date keeps a push until then; none keeps it for
///   ``defaultLifetime``. An expired push is dropped, never sent.
/// - **Bound.** At most ``capacity`` pushes wait per device; beyond it a push is
///   refused (`TooManyRequests`), so a device away for long costs bounded room and
///   no push is dropped without the provider knowing.
public struct DeviceQueue: Sendable, Equatable, Codable {
    /// A push waiting for the device.
    public struct Entry: Sendable, Equatable, Codable {
        /// The push's place in the device's order.
        public var sequence: UInt64
        /// The app the push is for (its topic).
        public var app: String
        public var notification: RemoteNotification
        /// When it is dropped unsent; `nil` for `apns-expiration: 0`, kept only while connected.
        public var expiresAt: Date?
        /// Sent on the current connection, and not yet acknowledged.
        public var isSent: Bool
        /// Sent on some connection, this one or one cut since: the device may show
        /// it, so a push with its collapse identifier never takes its number.
        public var wasSent: Bool

        /// A push at its place, as the queue makes it or a store reads it back.
        public init(
            sequence: UInt64, app: String, notification: RemoteNotification, expiresAt: Date?, isSent: Bool, wasSent: Bool
        ) {
            self.sequence = sequence
            self.app = app
            self.notification = notification
            self.expiresAt = expiresAt
            self.isSent = isSent
            self.wasSent = wasSent
        }

        /// Whether it is delivered now or never (`apns-expiration: 0`).
        public var isNowOrNever: Bool { expiresAt == nil }
    }

    /// What became of a push handed to ``enqueue(app:notification:expiration:isConnected:now:)``.
    public enum Outcome: Sendable, Equatable {
        /// Waiting to be sent, at this number.
        case queued(UInt64)
        /// It took the place of a push with its collapse identifier never sent, at this number.
        case replaced(UInt64)
        /// It removed the pushes with its collapse identifier that were sent once (the
        /// device may show them, and skips their numbers), and waits after the others
        /// at this new number.
        case superseded(UInt64)
        /// `apns-expiration: 0` for a device that is not connected: never delivered.
        case notConnected
        /// Its expiration had passed.
        case expired
    }

    /// A new epoch of a device's numbering (``DeviceQueueStore/epoch(device:)``):
    /// 128 random bits in hexadecimal.
    public static func makeEpoch() -> String {
        Hexadecimal.text(of: Random.bytes(16))
    }

    /// How long a push without `apns-expiration` is kept: 30 days.
    public static let defaultLifetime: TimeInterval = 30 * 24 * 3600
    /// The most pushes waiting per device.
    public static let capacity = 1_000

    public private(set) var entries: [Entry] = []
    /// The number the next push gets.
    public private(set) var nextSequence: UInt64 = 1

    public init() {}

    /// Keeps a push for the device.
    ///
    /// - Throws: ``APNsRefusal`` `TooManyRequests` when ``capacity`` pushes wait already.
    public mutating func enqueue(
        app: String, notification: RemoteNotification, expiration: PushHeaders.Expiration?, isConnected: Bool,
        now: Date
    ) throws -> Outcome {
        let expiresAt: Date?
        switch Self.admission(of: expiration, isConnected: isConnected, now: now) {
        case .refused(let outcome): return outcome
        case .kept(let until): expiresAt = until
        }
        if let collapse = notification.collapseIdentifier {
            let isCollapsed = { (entry: Entry) in entry.app == app && entry.notification.collapseIdentifier == collapse }
            if let index = entries.firstIndex(where: { !$0.wasSent && isCollapsed($0) }) {
                entries[index].notification = notification
                entries[index].expiresAt = expiresAt
                return .replaced(entries[index].sequence)
            }
            let count = entries.count
            entries.removeAll(where: isCollapsed)
            if entries.count < count { return .superseded(append(app: app, notification: notification, expiresAt: expiresAt)) }
        }
        guard entries.count < Self.capacity else {
            throw Self.full
        }
        return .queued(append(app: app, notification: notification, expiresAt: expiresAt))
    }

    /// Puts a push after the others, at the next number; returns the number.
    private mutating func append(app: String, notification: RemoteNotification, expiresAt: Date?) -> UInt64 {
        let sequence = nextSequence
        nextSequence += 1
        entries.append(
            Entry(sequence: sequence, app: app, notification: notification, expiresAt: expiresAt, isSent: false, wasSent: false))
        return sequence
    }

    /// The pushes to send now, in order, marked sent; expired ones are dropped first.
    public mutating func takeUnsent(now: Date) -> [Entry] {
        dropExpired(now: now)
        var taken: [Entry] = []
        for index in entries.indices where !entries[index].isSent {
            entries[index].isSent = true
            entries[index].wasSent = true
            taken.append(entries[index])
        }
        return taken
    }

    /// The device has every push up to `sequence`: they are forgotten.
    public mutating func acknowledge(through sequence: UInt64) {
        entries.removeAll { $0.sequence <= sequence && $0.isSent }
    }

    /// The connection was cut: what was sent and not acknowledged is sent again on
    /// the next, in order, except now-or-never pushes, which are dropped. What was
    /// sent stays ``Entry/wasSent``: the device may have shown it.
    public mutating func disconnected() {
        entries.removeAll(where: \.isNowOrNever)
        for index in entries.indices { entries[index].isSent = false }
    }

    /// Drops the pushes whose expiration passed; returns them.
    @discardableResult
    public mutating func dropExpired(now: Date) -> [Entry] {
        let expired = entries.filter { entry in entry.expiresAt.map { $0 <= now } ?? false }
        entries.removeAll { entry in entry.expiresAt.map { $0 <= now } ?? false }
        return expired
    }
}
