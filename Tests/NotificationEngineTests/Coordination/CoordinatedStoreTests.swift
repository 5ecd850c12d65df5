import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import PostgresNIO
import Signals
import Synchronization
import Testing

/// Several engines (nodes) on one PostgreSQL schema, on the real clock: each due
/// request delivered once, adds on one node fired by another, the pending limit
/// kept under concurrent adds, a stopped node's outbox taken over.
@Suite("Engines sharing one PostgreSQL database", .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired), .offThePool)
struct CoordinatedStoreTests {
    let app: AppIdentifier = "com.example.shared"

    /// An engine on the real clock with a presenter of its own.
    struct Node {
        let engine: NotificationEngine
        let presenter = RecordingPresenter()

        init(url: String, configure: (inout NotificationEngine.Configuration) -> Void = { _ in }) throws {
            var configuration = NotificationEngine.Configuration(pendingLimitPerApp: .max, authorizationPolicy: .grantAll)
            configure(&configuration)
            engine = try NotificationEngine(
                store: .postgres(url: url), scheduler: QueueScheduler(name: "shared-store-test"),
                configuration: configuration, presenters: [presenter])
        }
    }

    private func schema() throws -> (url: String, drop: TestSchema) {
        let url = try #require(TestPostgres.uniqueSchemaURL(), "HERALD_TEST_POSTGRES_URL is not set, and CI requires it")
        return (url, TestSchema(url: url))
    }

    /// Waits, polling, until `done` holds or `limit` passes; returns whether it held. The
    /// limit is generous: at a load of 20 on two cores (a CI beside four builds) a lease
    /// takeover and three looks at a held app each took over 30 s.
    private func eventually(within limit: Duration = .seconds(120), _ done: () async throws -> Bool) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if try await done() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await done()
    }

    private static func request(_ identifier: String, after seconds: TimeInterval, title: String = "T") -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: title),
            trigger: .timeInterval(TimeIntervalTrigger(interval: seconds, repeats: false)))
    }

    @Test("Three nodes deliver each of 3,000 requests due over 3 s exactly once, whichever node added it")
    func exactlyOnce() async throws {
        let (url, drop) = try schema()
        // Every delivery is counted in the notification center.
        let nodes = try (0..<3).map { _ in try Node(url: url) { $0.deliveredLimitPerApp = .max } }
        _ = try await nodes[0].engine.requestAuthorization(options: [.alert], for: app)
        let count = 3_000
        for (index, node) in nodes.enumerated() {
            let requests = stride(from: index, to: count, by: nodes.count).map { number in
                Self.request("r\(number)", after: 1 + 3 * Double(number) / Double(count))
            }
            try await node.engine.add(requests, for: app)
        }
        let total = { nodes.reduce(0) { $0 + $1.presenter.presentations.count } }
        #expect(try await eventually { total() >= count })
        try await Task.sleep(for: .seconds(1))  // anything shown twice would show by now
        let shown = nodes.flatMap { $0.presenter.presentations.map(\.delivery) }
        #expect(shown.count == count)
        #expect(Set(shown.map(\.request.identifier)).count == count)
        #expect(Set(shown.map(\.id)).count == count)
        let delivered = try await nodes[1].engine.deliveredNotifications(for: app)
        #expect(delivered.count == count)
        #expect(try await nodes[2].engine.pendingRequests(for: app).isEmpty)
        withExtendedLifetime(drop) {}
    }

    @Test("Nodes firing one app's requests at once keep its notification center at its limit, the newest listed")
    func centerLimitAcrossNodes() async throws {
        let (url, drop) = try schema()
        let nodes = try (0..<2).map { _ in try Node(url: url) { $0.deliveredLimitPerApp = 5 } }
        _ = try await nodes[0].engine.requestAuthorization(options: [.alert], for: app)
        let count = 40
        for (index, node) in nodes.enumerated() {
            let requests = stride(from: index, to: count, by: nodes.count).map { number in
                Self.request("r\(number)", after: 1 + Double(number) / Double(count))
            }
            try await node.engine.add(requests, for: app)
        }
        let shown = { nodes.reduce(0) { $0 + $1.presenter.presentations.count } }
        let withdrawn = { nodes.reduce(0) { $0 + $1.presenter.withdrawn.count } }
        #expect(try await eventually { shown() >= count && withdrawn() >= count - 5 })
        let delivered = try await nodes[0].engine.deliveredNotifications(for: app)
        #expect(delivered.count == 5)
        let pushedOut = Set(nodes.flatMap(\.presenter.withdrawn))
        #expect(pushedOut.count == count - 5, "each delivery pushed out was withdrawn once")
        #expect(pushedOut.isDisjoint(with: delivered.map(\.id)))
        let pushedOutDates = nodes.flatMap(\.presenter.presentations).map(\.delivery).filter { pushedOut.contains($0.id) }
            .map(\.date)
        #expect(try #require(pushedOutDates.max()) <= (try #require(delivered.map(\.date).min())), "the oldest went")
        withExtendedLifetime(drop) {}
    }

    @Test("A request added on one node is fired by another that learns of it from the database, not its clock check")
    func announcedAcrossNodes() async throws {
        let (url, drop) = try schema()
        // The listening node looks at its clock once an hour: only the announcement can wake it.
        let listener = try Node(url: url) { $0.clockCheckInterval = 3_600 }
        try await Task.sleep(for: .milliseconds(300))  // its LISTEN is in place
        do {
            let adder = try Node(url: url)
            _ = try await adder.engine.requestAuthorization(options: [.alert], for: app)
            try await adder.engine.add(Self.request("walk", after: 30), for: app)
            // The adder goes before the request is due; the listener must deliver it.
        }
        try await listener.engine.add(Self.request("later", after: 3_000), for: app)
        #expect(try await listener.engine.pendingRequests(for: app).map(\.request.identifier) == ["walk", "later"])
        #expect(try await eventually(within: .seconds(60)) {
            listener.presenter.presentations.map(\.delivery.request.identifier) == ["walk"]
        })
        withExtendedLifetime(drop) {}
    }

    @Test("Location requests added on one node count against the 20 on another, and fire there when its position enters")
    func regionsAcrossNodes() async throws {
        let (url, drop) = try schema()
        let (adder, other) = (try Node(url: url), try Node(url: url))
        _ = try await adder.engine.requestAuthorization(options: [.alert], for: app)
        try adder.engine.setLocationAuthorization(.authorizedWhenInUse, for: app)
        for index in 0..<20 {
            try await adder.engine.add(LocationTests.request("r\(index)", entry: true, exit: false, repeats: false), for: app)
        }
        let refused = await #expect(throws: NotificationError.self) {
            try await other.engine.add(LocationTests.request("r20", entry: true, exit: false, repeats: false), for: app)
        }
        #expect(refused?.code == .regionLimitReached)
        #expect(try await other.engine.pendingRequests(for: app).count == 20)
        // The other node watches what the adder added: a position far away, then inside.
        other.engine.updateLocation(LocationTests.north(5_000))
        other.engine.updateLocation(LocationTests.north(10))
        #expect(try await eventually { other.presenter.presentations.count == 20 })
        #expect(Set(other.presenter.presentations.map(\.delivery.request.identifier)).count == 20)
        #expect(adder.presenter.presentations.isEmpty)
        withExtendedLifetime(drop) {}
    }

    @Test("Concurrent adds on two nodes keep the pending limit and one request per identifier")
    func concurrentAddsKeepTheLimit() async throws {
        let (url, drop) = try schema()
        let limit = 10
        let nodes = try (0..<2).map { _ in try Node(url: url) { $0.pendingLimitPerApp = limit } }
        _ = try await nodes[0].engine.requestAuthorization(options: [.alert], for: app)
        for round in 0..<20 {
            // Five far requests, then five sooner ones from each node at once: 15
            // in all, so each add must see the other's and evict down to the limit.
            try await nodes[0].engine.removeAllPendingRequests(for: app)
            try await nodes[0].engine.add((0..<5).map { Self.request("old\($0)", after: 10_000 + Double($0)) }, for: app)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, node) in nodes.enumerated() {
                    group.addTask {
                        let requests = (0..<5).map { Self.request("n\(index)-\($0)", after: 1_000 + Double($0)) }
                        try await node.engine.add(requests, for: app)
                    }
                }
                try await group.waitForAll()
            }
            let pending = try await nodes[1].engine.pendingRequests(for: app).map(\.request.identifier)
            #expect(pending.count == limit, "round \(round): \(pending)")
            #expect(Set(pending).count == pending.count)
            #expect(pending.allSatisfy { $0.hasPrefix("n") }, "round \(round): the sooner requests stay")
        }
        withExtendedLifetime(drop) {}
    }

    @Test("The same identifier added on two nodes at once leaves one pending request, the later add's")
    func concurrentReplace() async throws {
        let (url, drop) = try schema()
        let nodes = try (0..<2).map { _ in try Node(url: url) }
        _ = try await nodes[0].engine.requestAuthorization(options: [.alert], for: app)
        for round in 0..<20 {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, node) in nodes.enumerated() {
                    group.addTask {
                        try await node.engine.add(Self.request("milk", after: 1_000, title: "node \(index)"), for: app)
                    }
                }
                try await group.waitForAll()
            }
            let pending = try await nodes[0].engine.pendingRequests(for: app)
            #expect(pending.map(\.request.identifier) == ["milk"], "round \(round)")
        }
        withExtendedLifetime(drop) {}
    }

    @Test("A delivery answered on two nodes at once is answered once; the other gets deliveryNotFound")
    func answeredOnce() async throws {
        let (url, drop) = try schema()
        let nodes = try (0..<2).map { _ in try Node(url: url) }
        _ = try await nodes[0].engine.requestAuthorization(options: [.alert], for: app)
        for round in 0..<10 {
            try await nodes[0].engine.add(NotificationRequest(
                identifier: "now\(round)", content: NotificationContent(title: "T"), trigger: nil), for: app)
            let delivery = try #require(try await nodes[0].engine.deliveredNotifications(for: app).last)
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for node in nodes {
                    group.addTask {
                        do {
                            try node.engine.respond(
                                to: delivery.id, actionIdentifier: NotificationAction.defaultIdentifier,
                                userText: nil, authenticated: true)
                            return true
                        } catch {
                            return false
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1, "round \(round): \(outcomes)")
            // The tap opened the app on the node that took it; the next one is for the background.
            for node in nodes {
                try await node.engine.setForeground(false, for: app)
            }
        }
        withExtendedLifetime(drop) {}
    }

    @Test("The outbox entries of a node that stopped renewing them are presented by another, with the same delivery")
    func abandonedOutboxIsTakenOver() async throws {
        let (url, drop) = try schema()
        let node = try Node(url: url)
        _ = try await node.engine.requestAuthorization(options: [.alert], for: app)
        try await node.engine.add(NotificationRequest(
            identifier: "now", content: NotificationContent(title: "T"), trigger: nil), for: app)
        #expect(try await eventually { !node.presenter.presentations.isEmpty })
        let delivery = try #require(node.presenter.presentations.first?.delivery)
        // As a node killed between committing the delivery and presenting it leaves it:
        // in the outbox, under a lease that ran out.
        _ = try await PostgresStoreTests.query(
            url,
            """
            INSERT INTO outbox (delivery_id, owner, lease_until)
            VALUES (\(delivery.id.rawValue), \(UUID()), extract(epoch FROM clock_timestamp()) - 1)
            """
        ) { _ in () }
        #expect(try await eventually { node.presenter.presentations.count == 2 })
        #expect(node.presenter.presentations.map(\.delivery.id) == [delivery.id, delivery.id])
        #expect(try await eventually {
            let left = try await PostgresStoreTests.query(url, "SELECT count(*) FROM outbox") { try $0.decode(Int.self) }
            return left == [0]
        })
        withExtendedLifetime(drop) {}
    }

    @Test("A request whose app another transaction holds when it comes due is skipped, then waited for, and fires once")
    func heldAppFiresAfterTheHold() async throws {
        let (url, drop) = try schema()
        // On virtual time, so that the hold surely spans the due date however slow the machine.
        let scheduler = TestScheduler(startDate: Date())
        let presenter = RecordingPresenter()
        let engine = try NotificationEngine(
            store: .postgres(url: url), scheduler: scheduler,
            configuration: .init(pendingLimitPerApp: .max, authorizationPolicy: .grantAll), presenters: [presenter])
        _ = try await engine.requestAuthorization(options: [.alert], for: app)
        try await engine.add(Self.request("held", after: 60), for: app)

        // Another engine's transaction (an add, a firing) holds the app's row.
        let store = try PostgresStore(url: url, connections: 1)
        let app = self.app
        let release = DispatchSemaphore(value: 0)
        let (steps, step) = AsyncStream.makeStream(of: Int.self)
        Thread {
            do {
                try store.coordinatedWrite { transaction in
                    try transaction.lockApps([app])
                    step.yield(-1)
                    release.wait()
                    step.yield(presenter.presentations.count)
                }
            } catch {
                Issue.record("holding the app failed: \(error)")
            }
            step.finish()
        }.start()
        var seen = steps.makeAsyncIterator()
        #expect(await seen.next() == -1)

        // Due while held: the engine skips the app (it does not wait), and looks again
        // 10 ms later, three times.
        let skipped = Mutex(false)
        let skipping = Task.detached {
            scheduler.advance(by: 60)
            for _ in 0..<2 {
                scheduler.advance(by: 0.011)
            }
            skipped.withLock { $0 = true }
        }
        // (Were the engine to wait instead, the advance would not return while the app is
        // held: the deadline only keeps that failure from hanging the run.)
        #expect(try await eventually { skipped.withLock { $0 } }, "the engine waited for the held app")
        if !skipped.withLock({ $0 }) { release.signal() }
        await skipping.value
        #expect(presenter.presentations.isEmpty)
        // The fourth look waits for the lock: the hold ends, and the request fires, once.
        let fired = Task.detached { scheduler.advance(by: 0.011) }
        release.signal()
        #expect(await seen.next() == 0)
        await fired.value
        scheduler.advance(by: 1)
        #expect(presenter.presentations.map(\.delivery.request.identifier) == ["held"])
        withExtendedLifetime((drop, store, engine)) {}
    }
}
