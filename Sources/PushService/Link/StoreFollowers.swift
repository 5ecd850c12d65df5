import Synchronization

/// The handlers of a store's `follow(_:)` in one process: each is called with the
/// key (a device, a push receiver) something was kept for, after the store kept it.
package final class StoreFollowers<Key: Sendable>: Sendable {
    private let handlers = Mutex<[@Sendable (Key?) -> Void]>([])

    package init() {}

    /// Adds a handler.
    package func add(_ handler: @escaping @Sendable (Key?) -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    /// Calls every handler with `key`, outside the lock.
    package func announce(_ key: Key?) {
        for handler in handlers.withLock({ $0 }) { handler(key) }
    }
}

/// The handlers of a ``DeviceQueueStore/follow(_:)``.
package typealias DeviceQueueFollowers = StoreFollowers<String>

extension StoreFollowers where Key == String {
    /// Calls every handler with `device` when `outcome` kept a push (queued, in the
    /// place of one never sent, or after removing those sent).
    package func announce(_ device: String, after outcome: DeviceQueue.Outcome) {
        switch outcome {
        case .queued, .replaced, .superseded: announce(device)
        case .notConnected, .expired: break
        }
    }
}

extension StoreFollowers where Key == PushAgent {
    /// Calls every handler with `agent` when `outcome` kept a message.
    package func announce(_ agent: PushAgent, after outcome: PushAgentQueue.Outcome) {
        switch outcome {
        case .queued, .replaced: announce(agent)
        case .notConnected: break
        }
    }
}
