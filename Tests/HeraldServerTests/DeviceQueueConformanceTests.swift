import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NotificationModel
import PushService
import Testing

/// Each ``DeviceQueueStore`` against the model, ``MemoryDeviceQueues`` over the pure
/// ``DeviceQueue``: random sequences of calls (seeded; the seed is in every failure,
/// and `HERALD_TEST_SEED` replays one) go to both, and every answer and the queues
/// at the end must be the same. SQLite is closed and reopened between calls now and
/// then; PostgreSQL's calls go to either of two nodes on one database.
@Suite("Device queue stores against the model", .offThePool, .timeLimit(.minutes(5)))
struct DeviceQueueConformanceTests {
    /// One call on a store.
    enum Operation: CustomStringConvertible {
        case enqueue(device: String, app: String, push: RemoteNotification, expiration: PushHeaders.Expiration?, isConnected: Bool)
        case takeUnsent(device: String)
        case acknowledge(device: String, through: UInt64)
        case disconnected(device: String)
        case dropExpired
        case remove(device: String)
        /// Time passes, seconds.
        case wait(TimeInterval)
        /// The SQLite file is closed and opened again.
        case reopen

        var description: String {
            switch self {
            case .enqueue(let device, let app, let push, let expiration, let isConnected):
                "enqueue(\(device), \(app), \(push.content.body), collapse: \(push.collapseIdentifier ?? "-"), "
                    + "expiration: \(expiration.map { "\($0)" } ?? "-"), connected: \(isConnected))"
            case .takeUnsent(let device): "takeUnsent(\(device))"
            case .acknowledge(let device, let through): "acknowledge(\(device), through: \(through))"
            case .disconnected(let device): "disconnected(\(device))"
            case .dropExpired: "dropExpired"
            case .remove(let device): "remove(\(device))"
            case .wait(let seconds): "wait(\(seconds))"
            case .reopen: "reopen"
            }
        }
    }

    /// What a call answered.
    enum Answer: Equatable {
        case outcome(DeviceQueue.Outcome)
        case refused(APNsRefusal)
        case entries([DeviceQueue.Entry])
        case done
    }

    static let devices = ["device-1", "device-2", "device with spaces/ünicode"]
    static let apps = ["com.example.chat", "com.example.mail"]

    /// A random call at `now`; `step` numbers the pushes.
    static func operation(step: Int, now: Date, using random: inout SeededGenerator) -> Operation {
        let device = devices.randomElement(using: &random)!
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<45:
            let collapse = [nil, nil, "score", "chat"].randomElement(using: &random)!
            let expiration: PushHeaders.Expiration? =
                switch Int.random(in: 0..<4, using: &random) {
                case 0: .immediately
                case 1: .until(now.addingTimeInterval(-Double(Int.random(in: 0...5, using: &random))))
                case 2: .until(now.addingTimeInterval(Double(Int.random(in: 1...20, using: &random))))
                default: nil
                }
            return .enqueue(
                device: device, app: apps.randomElement(using: &random)!, push: push(step, collapse: collapse),
                expiration: expiration, isConnected: Bool.random(using: &random))
        case 45..<60: return .takeUnsent(device: device)
        case 60..<70:
            // Now and then a number past any a push has: a hostile device acknowledging everything.
            let through = step.isMultiple(of: 9) ? UInt64.max : UInt64.random(in: 0...UInt64(step + 1), using: &random)
            return .acknowledge(device: device, through: through)
        case 70..<77: return .disconnected(device: device)
        case 77..<82: return .dropExpired
        case 82..<84: return .remove(device: device)
        case 84..<95: return .wait(Double(Int.random(in: 1...4, using: &random)))
        default: return .reopen
        }
    }

    /// The push of step `step`, with a payload that JSON has to carry exactly.
    static func push(_ step: Int, collapse: String?) -> RemoteNotification {
        RemoteNotification(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", step))!,
            content: NotificationContent(
                title: "Step \(step)", body: "push \(step)",
                userInfo: ["step": .number(Double(step) / 3), "nested": .array([.string("é\u{1F600}"), .null, .bool(true)])],
                relevanceScore: Double(step % 7) / 7),
            collapseIdentifier: collapse, isContentAvailable: step.isMultiple(of: 2))
    }

    /// Runs `operation` on `store` at `now`.
    static func apply(_ operation: Operation, to store: any DeviceQueueStore, now: Date) async throws -> Answer {
        switch operation {
        case .enqueue(let device, let app, let push, let expiration, let isConnected):
            do {
                return .outcome(
                    try await store.enqueue(
                        device: device, app: app, notification: push, expiration: expiration, isConnected: isConnected,
                        now: now))
            } catch let refusal as APNsRefusal {
                return .refused(refusal)
            }
        case .takeUnsent(let device): return .entries(try await store.takeUnsent(device: device, now: now))
        case .acknowledge(let device, let through): try await store.acknowledge(device: device, through: through)
        case .disconnected(let device): try await store.disconnected(device: device)
        case .dropExpired: try await store.dropExpired(now: now)
        case .remove(let device): try await store.remove(device: device)
        case .wait, .reopen: break
        }
        return .done
    }

    /// The seeds to run: `HERALD_TEST_SEED`, else new ones.
    static func seeds(_ count: Int) -> [UInt64] {
        if let seed = ProcessInfo.processInfo.environment["HERALD_TEST_SEED"].flatMap(UInt64.init) { return [seed] }
        return (0..<count).map { _ in UInt64.random(in: 0...UInt64.max) }
    }

    @Test("random calls answer as the model, and leave the queues it leaves", arguments: DeviceQueueKind.all)
    func matchesTheModel(_ kind: DeviceQueueKind) async throws {
        for seed in Self.seeds(kind.name == "SQLite" ? 12 : 6) {
            try await run(kind, seed: seed, steps: 250)
        }
    }

    @Test(
        "a push sent on a link cut before its acknowledgement is not replaced in place: a newer one removes it, at a new number",
        arguments: DeviceQueueKind.all)
    func collapseAfterACutLink(_ kind: DeviceQueueKind) async throws {
        let (device, app) = (Self.devices[2], Self.apps[0])
        let script: [Operation] = [
            .enqueue(device: device, app: app, push: Self.push(1, collapse: "score"), expiration: nil, isConnected: true),
            .takeUnsent(device: device), .disconnected(device: device), .reopen,
            .enqueue(device: device, app: app, push: Self.push(2, collapse: "score"), expiration: nil, isConnected: false),
            .enqueue(device: device, app: app, push: Self.push(3, collapse: "score"), expiration: nil, isConnected: false),
            .takeUnsent(device: device),
        ]
        let opened = try kind.open(2)
        let model = MemoryDeviceQueues()
        var answers: [Answer] = []
        for (step, operation) in script.enumerated() {
            if case .reopen = operation { try opened.reopen() }
            let expected = try await Self.apply(operation, to: model, now: DeviceQueueSamples.start)
            let answer = try await Self.apply(
                operation, to: opened.nodes[step % opened.nodes.count], now: DeviceQueueSamples.start)
            #expect(answer == expected, "step \(step), \(operation): \(kind.name) answered \(answer), the model \(expected)")
            answers.append(answer)
        }
        #expect(answers[4] == .outcome(.superseded(2)), "the device may have shown number 1: it is not taken again")
        #expect(answers[5] == .outcome(.replaced(2)), "number 2 was never sent: it is taken in place")
        guard case .entries(let sent) = answers[6] else {
            Issue.record("the last call answered \(answers[6])")
            return
        }
        #expect(sent.map(\.sequence) == [2])
        #expect(sent.map(\.notification.content.body) == ["push 3"])
        #expect(try opened.store.contents(of: device).entries == model.queue(of: device).entries)
    }

    /// One random run of `steps` calls from `seed`.
    func run(_ kind: DeviceQueueKind, seed: UInt64, steps: Int) async throws {
        var random = SeededGenerator(seed: seed)
        let opened = try kind.open(2)
        let model = MemoryDeviceQueues()
        var now = DeviceQueueSamples.start
        for step in 0..<steps {
            let operation = Self.operation(step: step, now: now, using: &random)
            switch operation {
            case .wait(let seconds): now.addTimeInterval(seconds)
            case .reopen: try opened.reopen()
            default: break
            }
            let node = opened.nodes.randomElement(using: &random)!
            let expected = try await Self.apply(operation, to: model, now: now)
            let answer: Answer
            do {
                answer = try await Self.apply(operation, to: node, now: now)
            } catch {
                Issue.record("seed \(seed), step \(step), \(operation): \(kind.name) threw \(error)")
                return
            }
            guard answer == expected else {
                Issue.record(
                    "seed \(seed), step \(step), \(operation): \(kind.name) answered \(answer), the model \(expected)")
                return
            }
        }
        for device in Self.devices {
            let contents = try opened.store.contents(of: device)
            let queue = model.queue(of: device)
            #expect(contents.entries == queue.entries, "seed \(seed): the pushes of \(device) at the end")
            #expect(contents.nextSequence == queue.nextSequence, "seed \(seed): the next number of \(device) at the end")
        }
    }
}
