import Synchronization

/// The handlers of a store's ``DeviceQueueStore/follow(_:)`` in one process: each
/// is called with the device a push was kept for, after the store kept it.
package final class DeviceQueueFollowers: Sendable {
    private let handlers = Mutex<[@Sendable (String?) -> Void]>([])

    package init() {}

    /// Adds a handler.
    package func add(_ handler: @escaping @Sendable (String?) -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    /// Calls every handler with `device`, outside the lock.
    package func announce(_ device: String) {
        for handler in handlers.withLock({ $0 }) { handler(device) }
    }

    /// Calls every handler with `device` when `outcome` kept a push (queued, in the
    /// place of one never sent, or after removing those sent).
    package func announce(_ device: String, after outcome: DeviceQueue.Outcome) {
        switch outcome {
        case .queued, .replaced, .superseded: announce(device)
        case .notConnected, .expired: break
        }
    }
}
