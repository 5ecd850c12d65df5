import Foundation
@testable import HeraldServer
import HeraldTestSupport
import PushService
import Testing

/// Each ``PushResourceStore`` against the model, ``MemoryPushResources``: random
/// sequences of calls (seeded; the seed is in every failure, and
/// `HERALD_TEST_SEED` replays one) go to both, and every answer and the queues at
/// the end must be the same. A store's calls go to either of its nodes.
@Suite("Push resource stores against the model", .offThePool, .timeLimit(.minutes(5)))
struct PushResourceConformanceTests {
    /// One call on a store; a resource is named by its receiver and channel.
    enum Operation {
        case subscribe(PushAgent, channel: String, key: Data?)
        case unsubscribe(PushAgent, channel: String)
        case remove(PushAgent)
        /// A message to the latest resource of `owner` and `channel`, for `agent`.
        case enqueue(
            agent: PushAgent, owner: PushAgent, channel: String, id: String, topic: String?, ttl: TimeInterval,
            receipt: Bool, isConnected: Bool)
        case takeUnsent(PushAgent)
        case acknowledge(PushAgent, id: String)
        case disconnected(PushAgent)
        case dropExpired
        case receipt(id: String)
        case resources(PushAgent)
        case agents(PushAgent.Kind)
        /// Time passes, seconds.
        case wait(TimeInterval)
    }

    /// What a call answered, its tokens named in the order they first appeared.
    enum Answer: Equatable {
        case resource(PushResource?)
        case resources([PushResource])
        case agents([PushAgent])
        case outcome(PushAgentQueue.Outcome)
        case refused(PushResourceRefusal)
        case failed(PushServiceError)
        case messages([PushResourceMessage])
        case acknowledged(Bool)
        case receipt(PushReceipt?)
        case done
    }

    static let agents = [PushResourceSamples.browser, PushResourceSamples.app, PushResourceSamples.otherApp]
    static let channels = ["c1", "c2", "c3"]
    static let keys: [Data?] = [nil, PushResourceSamples.key, PushResourceSamples.otherKey]

    /// A random call; `step` names the messages.
    static func operation(step: Int, using random: inout SeededGenerator) -> Operation {
        let agent = agents.randomElement(using: &random)!
        let channel = channels.randomElement(using: &random)!
        let earlier = "m\(Int.random(in: max(0, step - 30)...step, using: &random))"
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<12: return .subscribe(agent, channel: channel, key: keys.randomElement(using: &random)!)
        case 12..<15: return .unsubscribe(agent, channel: channel)
        case 15..<16: return .remove(agent)
        case 16..<52:
            let owner = Int.random(in: 0..<10, using: &random) == 0 ? agents.randomElement(using: &random)! : agent
            return .enqueue(
                agent: agent, owner: owner, channel: channel, id: "m\(step)",
                topic: [nil, nil, "t", "u"].randomElement(using: &random)!,
                ttl: [0, 1, 5, 20, 60].randomElement(using: &random)!, receipt: Bool.random(using: &random),
                isConnected: Bool.random(using: &random))
        case 52..<64: return .takeUnsent(agent)
        case 64..<72: return .acknowledge(agent, id: earlier)
        case 72..<77: return .disconnected(agent)
        case 77..<81: return .dropExpired
        case 81..<87: return .receipt(id: earlier)
        case 87..<90: return .resources(agent)
        case 90..<92: return .agents(Bool.random(using: &random) ? .browser : .unifiedPush)
        default:
            // Now and then long enough for receipts decided to be let go of.
            let long = Int.random(in: 0..<8, using: &random) == 0
            return .wait(long ? PushReceipt.lifetime / 2 : Double(Int.random(in: 1...10, using: &random)))
        }
    }

    @Test("random calls answer as the model, and leave the queues it leaves", arguments: PushResourceStoreKind.all)
    func matchesTheModel(_ kind: PushResourceStoreKind) async throws {
        for seed in Self.seeds(6) {
            try await run(kind, seed: seed, steps: 300)
        }
    }

    /// The seeds to run: `HERALD_TEST_SEED`, else new ones.
    static func seeds(_ count: Int) -> [UInt64] {
        if let seed = ProcessInfo.processInfo.environment["HERALD_TEST_SEED"].flatMap(UInt64.init) { return [seed] }
        return (0..<count).map { _ in UInt64.random(in: 0...UInt64.max) }
    }

    /// One random run of `steps` calls from `seed`.
    func run(_ kind: PushResourceStoreKind, seed: UInt64, steps: Int) async throws {
        var random = SeededGenerator(seed: seed)
        let opened = try kind.open(2)
        var model = Caller(store: MemoryPushResources())
        var callers = opened.nodes.map { Caller(store: $0) }
        var now = PushResourceSamples.start
        for step in 0..<steps {
            let operation = Self.operation(step: step, using: &random)
            if case .wait(let seconds) = operation { now.addTimeInterval(seconds) }
            let node = Int.random(in: 0..<callers.count, using: &random)
            let expected = try await model.apply(operation, now: now)
            let answer: Answer
            do {
                answer = try await callers[node].apply(operation, now: now)
            } catch {
                Issue.record("seed \(seed), step \(step), \(operation): \(kind.name) threw \(error)")
                return
            }
            // Every node names the tokens the others saw, as one store.
            for other in callers.indices where other != node { callers[other].names = callers[node].names }
            guard answer == expected else {
                Issue.record("seed \(seed), step \(step), \(operation): \(kind.name) answered \(answer), the model \(expected)")
                return
            }
        }
        for agent in Self.agents {
            let messages = try opened.store.queue(of: agent).messages
            let queue = callers[0].names.named(messages)
            let expected = try model.store.queue(of: agent).messages
            #expect(queue == model.names.named(expected), "seed \(seed): \(agent) at the end")
        }
    }
}

/// Calls one store, naming its tokens in the order they first appear, so that the
/// answers of two stores, whose tokens are random, compare.
struct Caller {
    typealias Answer = PushResourceConformanceTests.Answer

    let store: any InspectablePushResources
    var names = TokenNames()

    init(store: any InspectablePushResources) {
        self.store = store
    }

    /// Runs `operation` on the store at `now`.
    mutating func apply(_ operation: PushResourceConformanceTests.Operation, now: Date) async throws -> Answer {
        switch operation {
        case .subscribe(let agent, let channel, let key):
            do {
                let resource = try await store.subscribe(agent: agent, channel: channel, applicationServerKey: key, now: now)
                names.latest[agent.stored + "/" + channel] = resource.token
                return .resource(names.named(resource))
            } catch let error as PushServiceError where error.code == .tooManySubscriptions {
                return .failed(error)
            }
        case .unsubscribe(let agent, let channel):
            return .resource(names.named(try await store.unsubscribe(agent: agent, channel: channel, now: now)))
        case .remove(let agent): try await store.remove(agent: agent, now: now)
        case .enqueue(let agent, let owner, let channel, let id, let topic, let ttl, let receipt, let isConnected):
            guard let token = names.latest[owner.stored + "/" + channel] else { return .done }
            let message = PushResourceMessage(
                id: id, resource: token, channel: channel, body: Data(id.utf8) + Data([0, 0xfe]), encoding: .aes128gcm,
                urgency: "low", topic: topic, expiresAt: ttl == 0 ? nil : now.addingTimeInterval(ttl), wantsReceipt: receipt)
            do {
                return .outcome(try await store.enqueue(message, for: agent, isConnected: isConnected, now: now))
            } catch let refusal as PushResourceRefusal {
                return .refused(refusal)
            }
        case .takeUnsent(let agent): return .messages(names.named(try await store.takeUnsent(agent: agent, now: now)))
        case .acknowledge(let agent, let id): return .acknowledged(try await store.acknowledge(agent: agent, id: id, now: now))
        case .disconnected(let agent): try await store.disconnected(agent: agent, now: now)
        case .dropExpired: try await store.dropExpired(now: now)
        case .receipt(let id): return .receipt(try await store.receipt(id: id))
        case .resources(let agent):
            // Resources made at one time go by their tokens, which differ between stores: by name here.
            return .resources(names.named(try await store.resources(of: agent)).sorted { ($0.createdAt, $0.token) < ($1.createdAt, $1.token) })
        case .agents(let kind): return .agents(try await store.agents(of: kind))
        case .wait: break
        }
        return .done
    }
}

/// A store's tokens named `R0`, `R1`, … in the order they first appeared, and the
/// latest token of each receiver's channel.
struct TokenNames {
    private var names: [String: String] = [:]
    /// The latest token by `agent/channel`.
    var latest: [String: String] = [:]

    mutating func name(_ token: String) -> String {
        if let name = names[token] { return name }
        let name = "R\(names.count)"
        names[token] = name
        return name
    }

    mutating func named(_ resource: PushResource?) -> PushResource? {
        guard var resource else { return nil }
        resource.token = name(resource.token)
        return resource
    }

    mutating func named(_ resources: [PushResource]) -> [PushResource] {
        resources.map { named($0)! }
    }

    mutating func named(_ messages: [PushResourceMessage]) -> [PushResourceMessage] {
        messages.map { message in
            var message = message
            message.resource = name(message.resource)
            return message
        }
    }
}
