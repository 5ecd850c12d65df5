import Foundation
import NotificationModel
import Testing

@testable import PushService

/// The pushes kept for a device on another machine: order, collapse, expiration,
/// acknowledgement and the bound, each decided by the value alone.
struct DeviceQueueTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func push(_ title: String, collapse: String? = nil) -> RemoteNotification {
        RemoteNotification(id: UUID(), content: NotificationContent(title: title), collapseIdentifier: collapse)
    }

    static func titles(_ entries: [DeviceQueue.Entry]) -> [String] {
        entries.map(\.notification.content.title)
    }

    @Test("pushes are sent in order, each once, and forgotten once acknowledged")
    func order() throws {
        var queue = DeviceQueue()
        for title in ["a", "b", "c"] {
            _ = try queue.enqueue(app: "chat", notification: Self.push(title), expiration: nil, isConnected: false, now: Self.now)
        }
        let sent = queue.takeUnsent(now: Self.now)
        #expect(Self.titles(sent) == ["a", "b", "c"])
        #expect(sent.map(\.sequence) == [1, 2, 3])
        #expect(queue.takeUnsent(now: Self.now).isEmpty, "nothing is sent twice on one connection")
        queue.acknowledge(through: 2)
        #expect(Self.titles(queue.entries) == ["c"])
        queue.acknowledge(through: 3)
        #expect(queue.entries.isEmpty)
    }

    @Test("a cut connection sends again, in order, what was not acknowledged, and new pushes after it")
    func resume() throws {
        var queue = DeviceQueue()
        _ = try queue.enqueue(app: "chat", notification: Self.push("a"), expiration: nil, isConnected: true, now: Self.now)
        _ = try queue.enqueue(app: "chat", notification: Self.push("b"), expiration: nil, isConnected: true, now: Self.now)
        _ = queue.takeUnsent(now: Self.now)
        queue.acknowledge(through: 1)
        queue.disconnected()
        _ = try queue.enqueue(app: "chat", notification: Self.push("c"), expiration: nil, isConnected: false, now: Self.now)
        #expect(Self.titles(queue.takeUnsent(now: Self.now)) == ["b", "c"])
    }

    /// What became of the first push, with collapse id `x`, before the second came.
    enum First: Sendable {
        case unsent
        /// Sent on the current connection, not acknowledged.
        case sent
        /// Sent on a connection cut before the device acknowledged it: unsent again.
        case sentThenCut
    }

    struct Collapse: Sendable, CustomTestStringConvertible {
        var what: String
        var first: First
        var secondApp: String
        var secondCollapse: String?
        var waiting: [String]
        var outcome: DeviceQueue.Outcome
        var testDescription: String { what }
    }

    @Test(arguments: [
        Collapse(what: "a push never sent is replaced in place", first: .unsent, secondApp: "chat", secondCollapse: "x",
                 waiting: ["second", "other"], outcome: .replaced(1)),
        Collapse(what: "a sent one is removed; the new one follows at a new number", first: .sent, secondApp: "chat",
                 secondCollapse: "x", waiting: ["other", "second"], outcome: .superseded(3)),
        Collapse(what: "one sent on a connection cut since too: the device may show its number", first: .sentThenCut,
                 secondApp: "chat", secondCollapse: "x", waiting: ["other", "second"], outcome: .superseded(3)),
        Collapse(what: "another app's collapse id is another's", first: .sentThenCut, secondApp: "mail", secondCollapse: "x",
                 waiting: ["first", "other", "second"], outcome: .queued(3)),
        Collapse(what: "no collapse id collapses nothing", first: .unsent, secondApp: "chat", secondCollapse: nil,
                 waiting: ["first", "other", "second"], outcome: .queued(3)),
    ])
    func collapse(_ test: Collapse) throws {
        var queue = DeviceQueue()
        _ = try queue.enqueue(
            app: "chat", notification: Self.push("first", collapse: "x"), expiration: nil, isConnected: true, now: Self.now)
        if test.first != .unsent { _ = queue.takeUnsent(now: Self.now) }
        if test.first == .sentThenCut { queue.disconnected() }
        _ = try queue.enqueue(app: "chat", notification: Self.push("other"), expiration: nil, isConnected: true, now: Self.now)
        let outcome = try queue.enqueue(
            app: test.secondApp, notification: Self.push("second", collapse: test.secondCollapse), expiration: nil,
            isConnected: true, now: Self.now)
        #expect(Self.titles(queue.entries) == test.waiting)
        #expect(outcome == test.outcome)
    }

    @Test("a push sent on a cut connection is sent again, still marked sent once; one never sent after it is replaced in place")
    func sentOnceStaysSent() throws {
        var queue = DeviceQueue()
        _ = try queue.enqueue(
            app: "chat", notification: Self.push("a", collapse: "x"), expiration: nil, isConnected: true, now: Self.now)
        _ = queue.takeUnsent(now: Self.now)
        queue.disconnected()
        #expect(queue.entries.map(\.isSent) == [false])
        #expect(queue.entries.map(\.wasSent) == [true])
        #expect(
            try queue.enqueue(
                app: "chat", notification: Self.push("b", collapse: "x"), expiration: nil, isConnected: false, now: Self.now)
                == .superseded(2))
        #expect(
            try queue.enqueue(
                app: "chat", notification: Self.push("c", collapse: "x"), expiration: nil, isConnected: false, now: Self.now)
                == .replaced(2))
        let sent = queue.takeUnsent(now: Self.now)
        #expect(Self.titles(sent) == ["c"])
        #expect(sent.map(\.sequence) == [2])
        #expect(sent.map(\.wasSent) == [true])
    }

    @Test("a push removing a sent one is kept at capacity, as one replacing in place is")
    func supersedingAtCapacity() throws {
        var queue = DeviceQueue()
        _ = try queue.enqueue(
            app: "chat", notification: Self.push("score", collapse: "x"), expiration: nil, isConnected: true, now: Self.now)
        _ = queue.takeUnsent(now: Self.now)
        for index in 1..<DeviceQueue.capacity {
            _ = try queue.enqueue(app: "chat", notification: Self.push("\(index)"), expiration: nil, isConnected: true, now: Self.now)
        }
        let outcome = try queue.enqueue(
            app: "chat", notification: Self.push("new score", collapse: "x"), expiration: nil, isConnected: true, now: Self.now)
        #expect(outcome == .superseded(UInt64(DeviceQueue.capacity) + 1))
        #expect(queue.entries.count == DeviceQueue.capacity)
        #expect(queue.entries.last?.notification.content.title == "new score")
    }

    @Test("apns-expiration 0 is now or never: refused for a device away, dropped if the connection is cut before its ack")
    func nowOrNever() throws {
        var queue = DeviceQueue()
        #expect(
            try queue.enqueue(app: "chat", notification: Self.push("a"), expiration: .immediately, isConnected: false, now: Self.now)
                == .notConnected)
        #expect(queue.entries.isEmpty)
        _ = try queue.enqueue(app: "chat", notification: Self.push("b"), expiration: .immediately, isConnected: true, now: Self.now)
        _ = try queue.enqueue(app: "chat", notification: Self.push("c"), expiration: nil, isConnected: true, now: Self.now)
        #expect(Self.titles(queue.takeUnsent(now: Self.now.addingTimeInterval(3_600))) == ["b", "c"])
        queue.disconnected()
        #expect(Self.titles(queue.takeUnsent(now: Self.now)) == ["c"])
    }

    @Test("a push is kept until its expiration, or 30 days without one, and never sent after")
    func expiration() throws {
        var queue = DeviceQueue()
        let hour = Self.now.addingTimeInterval(3_600)
        #expect(
            try queue.enqueue(app: "chat", notification: Self.push("past"), expiration: .until(Self.now), isConnected: false, now: Self.now)
                == .expired)
        _ = try queue.enqueue(app: "chat", notification: Self.push("hour"), expiration: .until(hour), isConnected: false, now: Self.now)
        _ = try queue.enqueue(app: "chat", notification: Self.push("month"), expiration: nil, isConnected: false, now: Self.now)
        #expect(Self.titles(queue.dropExpired(now: hour)) == ["hour"])
        #expect(Self.titles(queue.takeUnsent(now: Self.now.addingTimeInterval(DeviceQueue.defaultLifetime))).isEmpty)
        #expect(queue.entries.isEmpty)
    }

    @Test("beyond its capacity a device's queue refuses with TooManyRequests and keeps what it has")
    func capacity() throws {
        var queue = DeviceQueue()
        for index in 0..<DeviceQueue.capacity {
            _ = try queue.enqueue(app: "chat", notification: Self.push("\(index)"), expiration: nil, isConnected: false, now: Self.now)
        }
        let refusal = #expect(throws: APNsRefusal.self) {
            try queue.enqueue(app: "chat", notification: Self.push("one more"), expiration: nil, isConnected: false, now: Self.now)
        }
        #expect(refusal?.reason == .tooManyRequests)
        #expect(queue.entries.count == DeviceQueue.capacity)
        #expect(queue.nextSequence == UInt64(DeviceQueue.capacity) + 1)
    }

    @Test("an acknowledgement of pushes not sent removes nothing")
    func unsentAcknowledgement() throws {
        var queue = DeviceQueue()
        _ = try queue.enqueue(app: "chat", notification: Self.push("a"), expiration: nil, isConnected: false, now: Self.now)
        queue.acknowledge(through: 99)
        #expect(Self.titles(queue.entries) == ["a"])
    }
}
