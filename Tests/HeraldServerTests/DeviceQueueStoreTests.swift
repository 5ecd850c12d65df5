import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NotificationModel
import PushService
import Testing

/// ``SQLiteDeviceQueues`` and ``PostgresDeviceQueues`` beyond the model: a push
/// outlives a crash, the capacity holds, nodes writing at once for one device
/// keep its order, and a push kept is announced.
@Suite("Device queue stores", .offThePool, .timeLimit(.minutes(5)))
struct DeviceQueueStoreTests {
    static let device = "device-1"
    static let app = "com.example.chat"
    static let now = DeviceQueueSamples.start

    @Test("a push kept survives the process dying: the file as the crash left it holds it, and numbers go on")
    func survivesACrash() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteDeviceQueues(path: directory.path("push-queue.sqlite"))
        for label in ["a", "b", "c"] {
            _ = try await store.enqueue(
                device: Self.device, app: Self.app, notification: DeviceQueueSamples.push(label), expiration: nil,
                isConnected: false, now: Self.now)
        }
        #expect(try await store.takeUnsent(device: Self.device, now: Self.now).map(\.sequence) == [1, 2, 3])
        try await store.acknowledge(device: Self.device, through: 2)
        let before = try store.contents(of: Self.device)

        // What is on disk while the store is open, database and write-ahead log, as a
        // SIGKILL leaves them: nothing was checkpointed or closed.
        let crashed = try TemporaryDirectory()
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                atPath: directory.path("push-queue.sqlite" + suffix), toPath: crashed.path("push-queue.sqlite" + suffix))
        }
        let reopened = try SQLiteDeviceQueues(path: crashed.path("push-queue.sqlite"))
        let after = try reopened.contents(of: Self.device)
        #expect(after.entries == before.entries)
        #expect(after.entries.map(\.notification.content.body) == ["c"])
        #expect(after.nextSequence == 4)
        // Every push acknowledged: the next still gets a number never used.
        try await reopened.acknowledge(device: Self.device, through: 3)
        let outcome = try await reopened.enqueue(
            device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("d"), expiration: nil,
            isConnected: false, now: Self.now)
        #expect(outcome == .queued(4))
    }

    @Test("closed and opened again, the store holds its pushes, sent, sent once, or never")
    func survivesReopening() async throws {
        let directory = try TemporaryDirectory()
        var store = try SQLiteDeviceQueues(path: directory.path("push-queue.sqlite"))
        func reopen() throws {
            try store.close()
            store = try SQLiteDeviceQueues(path: directory.path("push-queue.sqlite"))
        }
        func enqueue(_ label: String, collapse: String, expiration: PushHeaders.Expiration?) async throws -> DeviceQueue.Outcome {
            try await store.enqueue(
                device: Self.device, app: Self.app, notification: DeviceQueueSamples.push(label, collapse: collapse),
                expiration: expiration, isConnected: true, now: Self.now)
        }
        _ = try await enqueue("a", collapse: "score", expiration: .until(Self.now.addingTimeInterval(60)))
        _ = try await store.takeUnsent(device: Self.device, now: Self.now)
        _ = try await enqueue("b", collapse: "chat", expiration: nil)
        try reopen()
        var entries = try store.contents(of: Self.device).entries
        #expect(entries.map(\.sequence) == [1, 2])
        #expect(entries.map(\.isSent) == [true, false])
        #expect(entries.first?.expiresAt == Self.now.addingTimeInterval(60))
        // The second was never sent: a third with its collapse identifier takes its place.
        #expect(try await enqueue("c", collapse: "chat", expiration: nil) == .replaced(2))
        try await store.disconnected(device: Self.device)
        try reopen()
        entries = try store.contents(of: Self.device).entries
        #expect(entries.map(\.isSent) == [false, false])
        #expect(entries.map(\.wasSent) == [true, false])
        // The first was sent on the link cut since: a fourth with its collapse identifier follows.
        #expect(try await enqueue("d", collapse: "score", expiration: nil) == .superseded(3))
        #expect(try store.contents(of: Self.device).entries.map(\.notification.content.body) == ["c", "d"])
    }

    @Test("the link's lines a store writes from what it kept read as the pushes it takes", arguments: DeviceQueueKind.all)
    func lines(_ kind: DeviceQueueKind) async throws {
        let opened = try kind.open(1)
        var content = NotificationContent(title: "Grüße \"quoted\" \\ / \u{1}", body: "👋🏽")
        content.userInfo = ["aps": ["alert": "x"], "path": "a/b", "n": 1.5]
        let pushes = [
            RemoteNotification(id: UUID(), content: content, collapseIdentifier: "score"),
            DeviceQueueSamples.push("plain"),
        ]
        let expirations: [PushHeaders.Expiration?] = [.until(Self.now.addingTimeInterval(1234.567)), nil]
        for device in ["taken", "written"] {
            for (push, expiration) in zip(pushes, expirations) {
                _ = try await opened.store.enqueue(
                    device: device, app: "com.example.\"app\"", notification: push, expiration: expiration,
                    isConnected: true, now: Self.now)
            }
        }
        // What the link sent before: each entry taken, written with the link's encoder.
        var encoded = Data()
        for entry in try await opened.store.takeUnsent(device: "taken", now: Self.now) {
            encoded.append(try LinkMessage.line(.push(LinkMessage.Push(entry))))
        }
        func read(_ lines: Data) throws -> [LinkMessage.Down] {
            var buffer = LineBuffer()
            return try buffer.take(lines).map { try LinkMessage.down($0) }
        }
        let written = try read(try await opened.store.takeUnsentLines(device: "written", now: Self.now))
        #expect(written == (try read(encoded)))
        #expect(written.count == 2)
        #expect(try opened.store.contents(of: "written").entries.allSatisfy { $0.isSent && $0.wasSent })
    }

    @Test("calls made at once go in groups, each all or nothing: the pushes past a full queue fail alone")
    func groupedCalls() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteDeviceQueues(path: directory.path("push-queue.sqlite"))
        let outcomes = try await withThrowingTaskGroup(of: (String, Result<DeviceQueue.Outcome, APNsRefusal>).self) { group in
            for index in 0..<(DeviceQueue.capacity + 10) {
                for device in index < 10 ? [Self.device, "device-2"] : [Self.device] {
                    group.addTask {
                        do {
                            return (device, .success(try await store.enqueue(
                                device: device, app: Self.app, notification: DeviceQueueSamples.push("\(index)"),
                                expiration: nil, isConnected: false, now: Self.now)))
                        } catch let refusal as APNsRefusal {
                            return (device, .failure(refusal))
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let first = outcomes.filter { $0.0 == Self.device }.map(\.1)
        let numbers = first.compactMap { if case .success(.queued(let number)) = $0 { number } else { nil } }
        #expect(numbers.sorted() == Array(1...UInt64(DeviceQueue.capacity)))
        #expect(first.filter { if case .failure(let refusal) = $0 { refusal.reason == .tooManyRequests } else { false } }.count == 10)
        let second = outcomes.filter { $0.0 == "device-2" }.map(\.1)
        #expect(second.compactMap { try? $0.get() }.count == 10)
        #expect(try store.contents(of: Self.device).entries.count == DeviceQueue.capacity)
        #expect(try store.contents(of: "device-2").entries.map(\.sequence) == Array(1...10))
    }

    @Test("the daemon's storage keeps a node alone's pushes in push-queue.sqlite in its data directory")
    func daemonStorage() async throws {
        let directory = try TemporaryDirectory()
        let storage = DaemonStorage.local(try DataDirectory(url: directory.url))
        let first = try storage.makePushQueues().devices
        _ = try await first.enqueue(
            device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("a"), expiration: nil,
            isConnected: false, now: Self.now)
        #expect(FileManager.default.fileExists(atPath: directory.path("push-queue.sqlite")))
        let second = try #require(try storage.makePushQueues().devices as? SQLiteDeviceQueues)
        #expect(try second.contents(of: Self.device).entries.map(\.notification.content.body) == ["a"])
    }

    @Test(
        "at capacity a push is refused, one collapsing into an unsent push is not, and acknowledging makes room",
        arguments: DeviceQueueKind.all)
    func capacity(_ kind: DeviceQueueKind) async throws {
        let opened = try kind.open(1)
        let store = opened.store
        for index in 0..<DeviceQueue.capacity {
            _ = try await store.enqueue(
                device: Self.device, app: Self.app,
                notification: DeviceQueueSamples.push("\(index)", collapse: index == 0 ? "score" : nil),
                expiration: nil, isConnected: false, now: Self.now)
        }
        await #expect(throws: DeviceQueue.full) {
            try await store.enqueue(
                device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("over"), expiration: nil,
                isConnected: false, now: Self.now)
        }
        let collapsed = try await store.enqueue(
            device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("new score", collapse: "score"),
            expiration: nil, isConnected: false, now: Self.now)
        #expect(collapsed == .replaced(1))
        // Another device has room of its own.
        let other = try await store.enqueue(
            device: "device-2", app: Self.app, notification: DeviceQueueSamples.push("elsewhere"), expiration: nil,
            isConnected: false, now: Self.now)
        #expect(other == .queued(1))
        _ = try await store.takeUnsent(device: Self.device, now: Self.now)
        try await store.acknowledge(device: Self.device, through: 1)
        let next = try await store.enqueue(
            device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("room"), expiration: nil,
            isConnected: false, now: Self.now)
        #expect(next == .queued(UInt64(DeviceQueue.capacity) + 1))
        #expect(try store.contents(of: Self.device).entries.count == DeviceQueue.capacity)
    }

    @Test(
        "a device's numbering keeps its epoch across calls, restarts and nodes; a device and a store made anew get another",
        arguments: DeviceQueueKind.all)
    func epochs(_ kind: DeviceQueueKind) async throws {
        let opened = try kind.open(2)
        let linkedFirst = try await opened.store.epoch(device: Self.device)
        #expect(linkedFirst.count == 32 && linkedFirst.allSatisfy(\.isHexDigit))
        _ = try await opened.store.enqueue(
            device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("a"), expiration: nil,
            isConnected: false, now: Self.now)
        #expect(try await opened.store.epoch(device: Self.device) == linkedFirst)
        // A device whose first push came before its first link.
        _ = try await opened.store.enqueue(
            device: "device-2", app: Self.app, notification: DeviceQueueSamples.push("b"), expiration: nil,
            isConnected: false, now: Self.now)
        let pushedFirst = try await opened.store.epoch(device: "device-2")
        #expect(pushedFirst.count == 32 && pushedFirst != linkedFirst)
        try opened.reopen()
        #expect(try await opened.nodes.last!.epoch(device: Self.device) == linkedFirst)
        #expect(try await opened.store.epoch(device: "device-2") == pushedFirst)

        try await opened.store.remove(device: Self.device)
        let enrolledAgain = try await opened.store.epoch(device: Self.device)
        #expect(enrolledAgain != linkedFirst)
        let anew = try kind.open(1)
        #expect(try await anew.store.epoch(device: "device-2") != pushedFirst, "a store made anew numbers from 1 again")
    }

    @Test("a push kept is announced with its device; one refused is not")
    func announcesSQLite() async throws {
        let opened = try DeviceQueueKind.sqlite.open(1)
        let heard = Recorded<String?>()
        opened.store.follow { heard.append($0) }
        _ = try await opened.store.enqueue(
            device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("a"), expiration: .immediately,
            isConnected: false, now: Self.now)
        _ = try await opened.store.enqueue(
            device: Self.device, app: Self.app, notification: DeviceQueueSamples.push("b"), expiration: nil,
            isConnected: false, now: Self.now)
        #expect(heard.values == [Self.device])
    }

    @Test("a change naming a device reads back as it was announced", arguments: ["d1", "a b", "x%20y", "ünï:cödé"])
    func payload(_ device: String) {
        let change = DaemonDatabase.Change.deviceQueue(device: device)
        #expect(!change.payload.contains(" "))
        #expect(DaemonDatabase.Change(payload: change.payload) == change)
    }
}
