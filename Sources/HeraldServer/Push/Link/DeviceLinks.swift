import Foundation
import Synchronization

/// The links of devices on other machines held by this node: at most one per device,
/// a newer one replacing the older (a device that reconnects before the service saw
/// its old connection drop). Each link is woken when its device has pushes waiting.
final class DeviceLinks: Sendable {
    /// Why a link's writer wakes.
    enum Wake: Sendable {
        /// Pushes may be waiting.
        case pushes
        /// The link was quiet for a while.
        case keepalive
    }

    /// One held link.
    struct Link: Sendable {
        let id: UUID
        let wakes: AsyncStream<Wake>
    }

    private struct Held {
        let id: UUID
        let continuation: AsyncStream<Wake>.Continuation
    }

    private let held = Mutex<[String: Held]>([:])

    /// Holds a new link for `device`, ending the one it had; it is woken once at once.
    func attach(_ device: String) -> Link {
        let (wakes, continuation) = AsyncStream.makeStream(of: Wake.self, bufferingPolicy: .bufferingNewest(1))
        let link = Link(id: UUID(), wakes: wakes)
        continuation.yield(.pushes)
        let older = held.withLock { $0.updateValue(Held(id: link.id, continuation: continuation), forKey: device) }
        older?.continuation.finish()
        return link
    }

    /// Lets go of `device`'s link `id`, unless a newer one replaced it; whether it was
    /// still the device's link.
    @discardableResult
    func detach(_ device: String, id: UUID) -> Bool {
        let gone = held.withLock { held -> Held? in
            guard held[device]?.id == id else { return nil }
            return held.removeValue(forKey: device)
        }
        gone?.continuation.finish()
        return gone != nil
    }

    /// Ends `device`'s link, if this node holds one.
    func end(_ device: String) {
        let gone = held.withLock { $0.removeValue(forKey: device) }
        gone?.continuation.finish()
    }

    /// Whether `device` has a link to this node.
    func isConnected(_ device: String) -> Bool {
        held.withLock { $0[device] != nil }
    }

    /// Wakes `device`'s link, if this node holds one.
    func wake(_ device: String, _ reason: Wake = .pushes) {
        _ = held.withLock { $0[device] }?.continuation.yield(reason)
    }

    /// Wakes every link this node holds: pushes may have been kept unannounced.
    func wakeAll() {
        for continuation in held.withLock({ $0.values.map(\.continuation) }) { continuation.yield(.pushes) }
    }

    /// How many links this node holds.
    var count: Int { held.withLock { $0.count } }
}
