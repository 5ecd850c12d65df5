import PushService
import Synchronization

/// The receivers of push resources this node reaches: each browser connected to
/// its push socket, and the UnifiedPush distributor for every app on the desktop.
/// A message kept for one of them (on this node or another, ``PushResourceStore/follow(_:)``)
/// wakes it to take what waits.
final class PushReceivers: Sendable {
    /// A receiver attached, for ``detach(_:)``.
    struct Attachment: Sendable, Hashable {
        fileprivate let agent: PushAgent?
        fileprivate let kind: PushAgent.Kind?
        fileprivate let number: UInt64
    }

    private struct State {
        var next: UInt64 = 0
        /// The connection of each agent attached by name: the newest one, and how it
        /// is told that a newer one took over.
        var agents: [PushAgent: (number: UInt64, wake: @Sendable () -> Void, replaced: @Sendable () -> Void)] = [:]
        /// The receivers of every agent of a kind.
        var kinds: [PushAgent.Kind: (number: UInt64, wake: @Sendable (PushAgent?) -> Void)] = [:]
        /// What a kind's receiver does when one of its resources is removed for it.
        var removals: [PushAgent.Kind: @Sendable (PushResource) -> Void] = [:]
    }

    private let state = Mutex(State())

    /// Attaches `agent`'s connection, woken with each message kept for it. A newer
    /// connection of the same agent takes over: the older one's `replaced` is called,
    /// so that it closes.
    func attach(
        _ agent: PushAgent, wake: @escaping @Sendable () -> Void, replaced: @escaping @Sendable () -> Void = {}
    ) -> Attachment {
        let (attachment, older) = state.withLock { state in
            state.next += 1
            let older = state.agents[agent]
            state.agents[agent] = (state.next, wake, replaced)
            return (Attachment(agent: agent, kind: nil, number: state.next), older)
        }
        older?.replaced()
        return attachment
    }

    /// Attaches a receiver of every agent of `kind` (the UnifiedPush distributor),
    /// woken with the agent a message was kept for, or `nil` when any may have some;
    /// `removed` is told of each resource the person removes (``removed(_:)``).
    func attach(
        kind: PushAgent.Kind, wake: @escaping @Sendable (PushAgent?) -> Void,
        removed: @escaping @Sendable (PushResource) -> Void = { _ in }
    ) -> Attachment {
        state.withLock { state in
            state.next += 1
            state.kinds[kind] = (state.next, wake)
            state.removals[kind] = removed
            return Attachment(agent: nil, kind: kind, number: state.next)
        }
    }

    /// Detaches what `attachment` attached, unless a newer one took over; returns
    /// whether it was still attached (so that the messages it was sent are put back).
    @discardableResult
    func detach(_ attachment: Attachment) -> Bool {
        state.withLock { state in
            if let agent = attachment.agent, state.agents[agent]?.number == attachment.number {
                state.agents[agent] = nil
                return true
            }
            if let kind = attachment.kind, state.kinds[kind]?.number == attachment.number {
                state.kinds[kind] = nil
                state.removals[kind] = nil
                return true
            }
            return false
        }
    }

    /// Whether `agent` is reached from this node now.
    func isConnected(_ agent: PushAgent) -> Bool {
        state.withLock { $0.agents[agent] != nil || $0.kinds[agent.kind] != nil }
    }

    /// Wakes `agent`'s receiver, if this node has one.
    func wake(_ agent: PushAgent) {
        let (own, kind) = state.withLock { ($0.agents[agent]?.wake, $0.kinds[agent.kind]?.wake) }
        own?()
        kind?(agent)
    }

    /// Wakes every receiver: messages may have been kept unannounced.
    func wakeAll() {
        let (agents, kinds) = state.withLock { state in
            (state.agents.values.map(\.wake), state.kinds.values.map(\.wake))
        }
        for wake in agents { wake() }
        for wake in kinds { wake(nil) }
    }

    /// The person removed `resource` (`DELETE /v1/push/receivers/…`): its kind's
    /// receiver, if attached, tells its receiver.
    func removed(_ resource: PushResource) {
        state.withLock { $0.removals[resource.agent.kind] }?(resource)
    }
}
