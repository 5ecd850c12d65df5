import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NotificationModel
import PushService
import Testing

/// ``PostgresDeviceQueues`` on two nodes writing for one device at once: numbers
/// distinct and in order, capacity and collapse decided on what the other node
/// kept, and a push kept on one node announced on the other.
@Suite(
    "Device queues on a shared database", .offThePool, .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
struct TwoNodeDeviceQueueTests {
    static let device = "device-1"
    static let app = "com.example.chat"
    static let now = DeviceQueueSamples.start

    /// Enqueues `count` pushes from each node at once, `collapse` on each, after `before` from the first.
    static func enqueueAtOnce(
        on nodes: [any InspectableDeviceQueues], count: Int, collapse: String? = nil
    ) async throws -> [Result<DeviceQueue.Outcome, APNsRefusal>] {
        try await withThrowingTaskGroup(of: Result<DeviceQueue.Outcome, APNsRefusal>.self) { group in
            for (node, store) in nodes.enumerated() {
                for index in 0..<count {
                    group.addTask {
                        do {
                            return .success(
                                try await store.enqueue(
                                    device: device, app: app,
                                    notification: DeviceQueueSamples.push("node \(node) push \(index)", collapse: collapse),
                                    expiration: nil, isConnected: true, now: now))
                        } catch let refusal as APNsRefusal {
                            return .failure(refusal)
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("two nodes enqueuing for one device at once get distinct numbers, in the order of the queue")
    func numbers() async throws {
        let opened = try DeviceQueueKind.postgres.open(2)
        let outcomes = try await Self.enqueueAtOnce(on: opened.nodes, count: 40)
        let numbers = outcomes.compactMap { outcome -> UInt64? in
            if case .success(.queued(let number)) = outcome { number } else { nil }
        }
        #expect(numbers.sorted() == Array(1...80))
        let contents = try opened.nodes[1].contents(of: Self.device)
        #expect(contents.entries.map(\.sequence) == Array(1...80))
        #expect(contents.nextSequence == 81)
        #expect(Set(contents.entries.map(\.notification.content.body)).count == 80)
    }

    @Test("pushes with one collapse identifier sent at once from two nodes keep one place")
    func collapse() async throws {
        let opened = try DeviceQueueKind.postgres.open(2)
        let outcomes = try await Self.enqueueAtOnce(on: opened.nodes, count: 15, collapse: "score")
        #expect(outcomes.filter { $0 == .success(.queued(1)) }.count == 1)
        #expect(outcomes.filter { $0 == .success(.replaced(1)) }.count == 29)
        #expect(try opened.nodes[0].contents(of: Self.device).entries.count == 1)
    }

    @Test("two nodes filling a device's queue at once stop at its capacity")
    func capacity() async throws {
        let opened = try DeviceQueueKind.postgres.open(2)
        for index in 0..<(DeviceQueue.capacity - 10) {
            _ = try await opened.nodes[index % 2].enqueue(
                device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("\(index)"), expiration: nil,
                isConnected: false, now: Self.now)
        }
        let outcomes = try await Self.enqueueAtOnce(on: opened.nodes, count: 10)
        #expect(outcomes.filter { (try? $0.get()) != nil }.count == 10)
        #expect(outcomes.filter { $0 == .failure(DeviceQueue.full) }.count == 10)
        let contents = try opened.nodes[0].contents(of: Self.device)
        #expect(contents.entries.map(\.sequence) == Array(1...UInt64(DeviceQueue.capacity)))
    }

    @Test("a push kept on one node is announced on the other, with its device")
    func announced() async throws {
        let opened = try DeviceQueueKind.postgres.open(2)
        let heard = Recorded<String?>()
        opened.nodes[1].follow { heard.append($0) }
        // The listening connection is up once it reports that anything may have changed.
        try await TwoNodeDaemonTests.eventually("the second node listens") { heard.values.contains(nil) }
        let device = "device with spaces/ünicode%"
        _ = try await opened.nodes[0].enqueue(
            device: device, app: Self.app, notification: DeviceQueueSamples.push("a"), expiration: nil,
            isConnected: false, now: Self.now)
        try await TwoNodeDaemonTests.eventually("the second node hears of the push") { heard.values.contains(device) }
    }
}
