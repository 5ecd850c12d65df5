public import Foundation
import Synchronization

/// Push resources that last as long as the process: for an embedded service and
/// tests, and the model the other stores are compared with.
public final class MemoryPushResources: PushResourceStore {
    private struct State {
        var resources: [String: PushResource] = [:]
        var queues: [PushAgent: PushAgentQueue] = [:]
        /// Each receipt asked for, and until when it is kept once decided.
        var receipts: [String: (receipt: PushReceipt, until: Date?)] = [:]

        /// Records `messages` dropped undelivered.
        mutating func dropped(_ messages: [PushResourceMessage], now: Date) {
            for message in messages where message.wantsReceipt {
                receipts[message.id] = (.dropped, now.addingTimeInterval(PushReceipt.lifetime))
            }
        }

        /// Removes `token` and its messages.
        mutating func remove(_ resource: PushResource, now: Date) {
            resources[resource.token] = nil
            if let removed = queues[resource.agent]?.removeResource(resource.token) { dropped(removed, now: now) }
        }
    }

    private let state = Mutex(State())
    private let followers = StoreFollowers<PushAgent>()

    public init() {}

    public func subscribe(agent: PushAgent, channel: String, applicationServerKey: Data?, now: Date) throws -> PushResource {
        try state.withLock { state in
            let held = state.resources.values.filter { $0.agent == agent }
            if let existing = held.first(where: { $0.channel == channel }) {
                if existing.applicationServerKey == applicationServerKey { return existing }
                state.remove(existing, now: now)
            } else if held.count >= PushResource.capacityPerAgent {
                throw PushServiceError.tooManySubscriptions(agent)
            } else if state.resources.count >= PushResource.capacity {
                throw PushServiceError.serviceFull
            }
            let resource = PushResource(
                token: PushResource.makeToken(), agent: agent, channel: channel,
                applicationServerKey: applicationServerKey, createdAt: now)
            state.resources[resource.token] = resource
            return resource
        }
    }

    public func resource(token: String) -> PushResource? {
        state.withLock { $0.resources[token] }
    }

    public func resources(of agent: PushAgent) -> [PushResource] {
        state.withLock { state in
            state.resources.values.filter { $0.agent == agent }.sorted { ($0.createdAt, $0.token) < ($1.createdAt, $1.token) }
        }
    }

    public func agents(of kind: PushAgent.Kind) -> [PushAgent] {
        state.withLock { state in
            Set(state.resources.values.map(\.agent).filter { $0.kind == kind }).sorted { $0.name < $1.name }
        }
    }

    public func unsubscribe(agent: PushAgent, channel: String, now: Date) -> PushResource? {
        state.withLock { state in
            guard let resource = state.resources.values.first(where: { $0.agent == agent && $0.channel == channel }) else {
                return nil
            }
            state.remove(resource, now: now)
            return resource
        }
    }

    public func remove(agent: PushAgent, now: Date) {
        state.withLock { state in
            for resource in state.resources.values where resource.agent == agent { state.remove(resource, now: now) }
            state.queues[agent] = nil
        }
    }

    public func enqueue(_ message: PushResourceMessage, for agent: PushAgent, isConnected: Bool, now: Date) throws
        -> PushAgentQueue.Outcome
    {
        let outcome = try state.withLock { state in
            guard state.resources[message.resource]?.agent == agent else {
                throw PushResourceRefusal.notFound
            }
            let outcome = try state.queues[agent, default: PushAgentQueue()].enqueue(
                message, isConnected: isConnected, now: now)
            if case .replaced(let ids) = outcome {
                for id in ids where state.receipts[id] != nil {
                    state.receipts[id] = (.dropped, now.addingTimeInterval(PushReceipt.lifetime))
                }
            }
            if message.wantsReceipt {
                state.receipts[message.id] = outcome == .notConnected ? (.dropped, now.addingTimeInterval(PushReceipt.lifetime)) : (.pending, nil)
            }
            return outcome
        }
        followers.announce(agent, after: outcome)
        return outcome
    }

    public func takeUnsent(agent: PushAgent, now: Date) -> [PushResourceMessage] {
        state.withLock { state in
            guard let (sent, dropped) = state.queues[agent]?.takeUnsent(now: now) else { return [] }
            state.dropped(dropped, now: now)
            return sent
        }
    }

    public func acknowledge(agent: PushAgent, id: String, now: Date) -> Bool {
        state.withLock { state in
            guard let message = state.queues[agent]?.acknowledge(id) else { return false }
            if message.wantsReceipt { state.receipts[id] = (.delivered(now), now.addingTimeInterval(PushReceipt.lifetime)) }
            return true
        }
    }

    public func disconnected(agent: PushAgent, now: Date) {
        state.withLock { state in
            guard let dropped = state.queues[agent]?.disconnected() else { return }
            state.dropped(dropped, now: now)
        }
    }

    public func dropExpired(now: Date) {
        state.withLock { state in
            for agent in state.queues.keys {
                if let expired = state.queues[agent]?.dropExpired(now: now) { state.dropped(expired, now: now) }
            }
            state.receipts = state.receipts.filter { $0.value.until.map { $0 > now } ?? true }
        }
    }

    public func receipt(id: String) -> PushReceipt? {
        state.withLock { $0.receipts[id]?.receipt }
    }

    public func follow(_ handler: @escaping @Sendable (PushAgent?) -> Void) {
        followers.add(handler)
    }

    /// The receiver's queue as it stands: for tests comparing a store with the model.
    public func queue(of agent: PushAgent) -> PushAgentQueue {
        state.withLock { $0.queues[agent] ?? PushAgentQueue() }
    }
}
