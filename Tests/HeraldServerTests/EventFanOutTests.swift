import Foundation
import HeraldAPI
@testable import HeraldServer
import NotificationEngine
import Testing

/// ``EventFanOut``, the state machine that hands a node's events read from the
/// shared log to its subscribers: no database needed.
@Suite("Handing the shared log's events to a node's streams")
struct EventFanOutTests {
    static func logged(_ sequence: Int, app: String = "com.example.shop", appSequence: Int? = nil) -> LoggedEvent {
        LoggedEvent(
            sequence: sequence, appSequence: appSequence ?? sequence, app: AppIdentifier(app), forgotten: false,
            event: API.Event(.badgeChanged(badge: sequence), app: app))
    }

    /// The numbers of the events pushed to `outbox`, in order.
    static func numbers(_ pushes: [EventFanOut.Push], to outbox: StreamOutbox) throws -> [Int] {
        try pushes.filter { $0.outbox === outbox }.map {
            try API.decoder().decode(API.Event.self, from: Data($0.message.utf8)).sequence
        }
    }

    @Test("each subscriber gets its scope's events, numbered in its scope; events read again are not handed out twice")
    func scopes() throws {
        var fanOut = EventFanOut(delivered: 0)
        let all = StreamOutbox()
        let shop = StreamOutbox()
        _ = fanOut.subscribe(app: nil, outbox: all, replays: false)
        _ = fanOut.subscribe(app: "com.example.shop", outbox: shop, replays: false)
        let events = [
            Self.logged(1, appSequence: 1), Self.logged(2, app: "com.example.todo", appSequence: 1),
            Self.logged(3, appSequence: 2),
        ]
        let pushes = fanOut.deliver(events)
        #expect(try Self.numbers(pushes, to: all) == [1, 2, 3])
        #expect(try Self.numbers(pushes, to: shop) == [1, 2])
        #expect(fanOut.deliver(Array(events.suffix(1)) + [Self.logged(4, appSequence: 3)]).count == 2, "3 was handed out")
        #expect(fanOut.delivered == 4)
    }

    @Test("a resuming subscriber gets its replay, then the live events the replay did not cover, then the rest live")
    func replayThenWaiting() throws {
        var fanOut = EventFanOut(delivered: 2)
        let outbox = StreamOutbox()
        let token = fanOut.subscribe(app: nil, outbox: outbox, replays: true)
        #expect(fanOut.deliver([Self.logged(3), Self.logged(4)]).isEmpty, "held while the replay is read")
        let replayed = fanOut.finishReplay(token, .events([Self.logged(2), Self.logged(3)], through: 3))
        #expect(try Self.numbers(replayed, to: outbox) == [2, 3, 4])
        #expect(try Self.numbers(fanOut.deliver([Self.logged(5)]), to: outbox) == [5])
    }

    @Test("a replay read ahead of this node: the node's later events up to the replay's snapshot are not sent again")
    func replayAheadOfNode() throws {
        var fanOut = EventFanOut(delivered: 2)
        let outbox = StreamOutbox()
        let token = fanOut.subscribe(app: nil, outbox: outbox, replays: true)
        let replayed = fanOut.finishReplay(token, .events([Self.logged(2), Self.logged(3), Self.logged(4)], through: 4))
        #expect(try Self.numbers(replayed, to: outbox) == [2, 3, 4])
        #expect(try Self.numbers(fanOut.deliver([Self.logged(3), Self.logged(4), Self.logged(5)]), to: outbox) == [5])
    }

    @Test("up to date, the subscriber goes live after the snapshot; with the replay unavailable it gets what waited")
    func upToDateAndUnavailable() throws {
        var fanOut = EventFanOut(delivered: 0)
        let upToDate = StreamOutbox()
        let unavailable = StreamOutbox()
        let first = fanOut.subscribe(app: nil, outbox: upToDate, replays: true)
        let second = fanOut.subscribe(app: nil, outbox: unavailable, replays: true)
        _ = fanOut.deliver([Self.logged(1), Self.logged(2)])
        #expect(try Self.numbers(fanOut.finishReplay(first, .upToDate(through: 1)), to: upToDate) == [2])
        #expect(try Self.numbers(fanOut.finishReplay(second, .unavailable), to: unavailable) == [1, 2])
        #expect(fanOut.finishReplay(second, .unavailable).isEmpty, "a replay ends once")
    }

    @Test("an unsubscribed stream gets nothing more, its replay included")
    func unsubscribe() {
        var fanOut = EventFanOut(delivered: 0)
        let outbox = StreamOutbox()
        let token = fanOut.subscribe(app: nil, outbox: outbox, replays: true)
        fanOut.unsubscribe(token)
        #expect(fanOut.deliver([Self.logged(1)]).isEmpty)
        #expect(fanOut.finishReplay(token, .events([Self.logged(1)], through: 1)).isEmpty)
    }
}
