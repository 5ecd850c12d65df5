public import Foundation
public import NotificationModel
import Synchronization

/// Where the push service keeps the pushes waiting for devices on other machines,
/// each device's as a ``DeviceQueue`` decides: in order, collapsed, until acknowledged
/// or expired. Every call is one transaction; a push the service answered `200` for
/// is in the store before the answer, and survives the service's crash.
///
/// What is sent on the current connection (``DeviceQueue/Entry/isSent``) is kept too,
/// and a new connection calls ``disconnected(device:)`` first, which resets it; so is
/// what was ever sent (``DeviceQueue/Entry/wasSent``), which nothing resets, so that a
/// collapse never gives a new push the number of one the device may already show.
public protocol DeviceQueueStore: Sendable {
    /// Keeps a push for `device`, as ``DeviceQueue/enqueue(app:notification:expiration:isConnected:now:)``.
    ///
    /// - Throws: ``APNsRefusal`` `TooManyRequests` at ``DeviceQueue/capacity``;
    ///   ``PushServiceError`` `storeFailure` when the store cannot be written.
    func enqueue(
        device: String, app: String, notification: RemoteNotification, expiration: PushHeaders.Expiration?,
        isConnected: Bool, now: Date
    ) async throws -> DeviceQueue.Outcome

    /// The device's pushes to send now, in order, marked sent; expired ones are dropped first.
    func takeUnsent(device: String, now: Date) async throws -> [DeviceQueue.Entry]

    /// ``takeUnsent(device:now:)``, as the lines the device's link sends
    /// (``LinkMessage/line(_:)``, each ending in a newline), one after another. A store
    /// that keeps each push's JSON writes them without reading it back.
    func takeUnsentLines(device: String, now: Date) async throws -> Data

    /// The device has every push up to `sequence`.
    func acknowledge(device: String, through sequence: UInt64) async throws

    /// The device's connection is gone (or a new one begins): now-or-never pushes are
    /// dropped, the others are sent again.
    func disconnected(device: String) async throws

    /// The epoch of the device's numbering: made with the device's numbers, and kept
    /// as long as they are. A store that lost them (a queue file deleted, a database
    /// made anew) starts the device's numbers again at 1 with another epoch. The link
    /// tells the device (``LinkMessage/epochField``), which then forgets the last
    /// number it showed, so no push of the new numbering is taken for one shown.
    func epoch(device: String) async throws -> String

    /// Drops every device's expired pushes.
    func dropExpired(now: Date) async throws

    /// Forgets `device` and its pushes (it unregistered, or was removed).
    func remove(device: String) async throws

    /// Calls `handler` with each device a push is kept for (queued, in the place of
    /// one never sent, or after removing those sent), once it is in the store, whichever node kept it; and with
    /// `nil` when any device may have got pushes unannounced (the store lost touch
    /// with the other nodes and is back). The node holding a device's connection
    /// then sends what ``takeUnsent(device:now:)`` gives.
    func follow(_ handler: @escaping @Sendable (String?) -> Void)
}

extension DeviceQueueStore {
    /// The entries ``takeUnsent(device:now:)`` gives, each written as its line.
    public func takeUnsentLines(device: String, now: Date) async throws -> Data {
        var lines = Data()
        for entry in try await takeUnsent(device: device, now: now) {
            lines.append(try LinkMessage.line(.push(LinkMessage.Push(entry))))
        }
        return lines
    }
}

/// Queues that last as long as the process: for an embedded service and tests.
public final class MemoryDeviceQueues: DeviceQueueStore {
    private let queues = Mutex<[String: DeviceQueue]>([:])
    private let epochs = Mutex<[String: String]>([:])
    private let followers = DeviceQueueFollowers()

    public init() {}

    public func enqueue(
        device: String, app: String, notification: RemoteNotification, expiration: PushHeaders.Expiration?,
        isConnected: Bool, now: Date
    ) throws -> DeviceQueue.Outcome {
        let outcome = try queues.withLock { queues in
            try queues[device, default: DeviceQueue()].enqueue(
                app: app, notification: notification, expiration: expiration, isConnected: isConnected, now: now)
        }
        followers.announce(device, after: outcome)
        return outcome
    }

    public func takeUnsent(device: String, now: Date) -> [DeviceQueue.Entry] {
        queues.withLock { $0[device]?.takeUnsent(now: now) ?? [] }
    }

    public func acknowledge(device: String, through sequence: UInt64) {
        queues.withLock { $0[device]?.acknowledge(through: sequence) }
    }

    public func disconnected(device: String) {
        queues.withLock { $0[device]?.disconnected() }
    }

    public func epoch(device: String) -> String {
        epochs.withLock { epochs in
            if let epoch = epochs[device] { return epoch }
            let epoch = DeviceQueue.makeEpoch()
            epochs[device] = epoch
            return epoch
        }
    }

    public func dropExpired(now: Date) {
        queues.withLock { queues in
            for device in queues.keys { queues[device]?.dropExpired(now: now) }
        }
    }

    public func remove(device: String) {
        queues.withLock { _ = $0.removeValue(forKey: device) }
        epochs.withLock { _ = $0.removeValue(forKey: device) }
    }

    public func follow(_ handler: @escaping @Sendable (String?) -> Void) {
        followers.add(handler)
    }

    /// The device's queue as it stands: for tests comparing a store with the model.
    public func queue(of device: String) -> DeviceQueue {
        queues.withLock { $0[device] ?? DeviceQueue() }
    }
}
