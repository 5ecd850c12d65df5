import HeraldAPI
@testable import HeraldServer
import NotificationEngine
import Testing

/// ``MemoryEventLog``'s keeping: what the stream has not read yet stays, past
/// the replay limits, up to its own bound.
@Suite("The in-memory event log")
struct MemoryEventLogTests {
    static func append(_ count: Int, to log: MemoryEventLog, app: String = "com.example.shop") {
        for badge in 0..<count { log.append(.event(API.Event(.badgeChanged(badge: badge), app: app))) }
    }

    @Test("events the stream has not read are kept past the replay limit; once handed out, the last ones are")
    func keepsUnread() {
        let log = MemoryEventLog()
        let total = MemoryEventLog.replayLimit * 2
        Self.append(total, to: log)
        #expect(log.read(after: 0, limit: .max).map(\.sequence) == Array(1...total))
        log.handedOut(through: 10, sizes: Array(repeating: 10, count: 10))
        let unread = log.read(after: 0, limit: .max).map(\.sequence)
        #expect((unread.first, unread.count) == (11, total - 10), "only the handed-out ones left")
        log.handedOut(through: total - 1, sizes: Array(repeating: 10, count: total - 11))
        let kept = log.read(after: 0, limit: .max).map(\.sequence)
        #expect(
            (kept.first, kept.count) == (total - MemoryEventLog.replayLimit + 1, MemoryEventLog.replayLimit),
            "the unread last one counts among them")
    }

    @Test("handed-out events are kept up to the byte limit")
    func byteLimit() {
        let log = MemoryEventLog()
        Self.append(10, to: log)
        log.handedOut(through: 10, sizes: Array(repeating: MemoryEventLog.replayByteLimit / 4, count: 10))
        #expect(log.read(after: 0, limit: .max).map(\.sequence) == [7, 8, 9, 10])
    }

    @Test("past the unread bound the oldest unread events are dropped, so the stream sees the gap")
    func unreadBound() {
        let log = MemoryEventLog()
        Self.append(MemoryEventLog.unreadLimit + 5, to: log)
        #expect(log.read(after: 0, limit: 1).map(\.sequence) == [6])
        #expect(log.head == MemoryEventLog.unreadLimit + 5)
    }

    @Test("a replay: up to date, the missed events, unavailable when one left, forgotten ones left out")
    func replay() {
        let log = MemoryEventLog()
        Self.append(3, to: log)
        Self.append(1, to: log, app: "com.example.todo")
        #expect(log.replay(app: nil, after: 4) == .upToDate(through: 4))
        #expect(log.replay(app: nil, after: 5) == .unavailable, "a number past the latest")
        #expect(log.replay(app: "com.example.todo", after: 0).events == [4])
        #expect(log.replay(app: "com.example.shop", after: 1).events == [2, 3])
        log.append(.forget("com.example.shop"))
        #expect(log.replay(app: nil, after: 0).events == [4])
        #expect(log.replay(app: "com.example.shop", after: 0) == .upToDate(through: 4))
        log.handedOut(through: 4, sizes: Array(repeating: MemoryEventLog.replayByteLimit / 2, count: 4))
        #expect(log.replay(app: nil, after: 0) == .unavailable, "events 1 and 2 left")
    }
}

extension EventReplay {
    /// The all-apps numbers of a replay's events; `nil` if it has none to give.
    fileprivate var events: [Int]? {
        guard case .events(let events, _) = self else { return nil }
        return events.map(\.sequence)
    }
}
