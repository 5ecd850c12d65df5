import Foundation
import NotificationEngine
import Testing

/// What every store does with deliveries, the outbox, responses and per-app
/// records: the same answers from the in-memory store and the SQLite store.
@Suite("Store conformance: deliveries, outbox, responses, apps")
struct StoreDeliveryConformanceTests {
    typealias S = StoreSamples
    let shop: AppIdentifier = "com.example.shopping"
    let todo: AppIdentifier = "com.example.todo"

    private func save(_ deliveries: [StoredDelivery], in store: OpenedStore) throws {
        try store.write { transaction in
            for delivery in deliveries {
                try transaction.saveDelivery(delivery)
            }
        }
    }

    private func listed(_ app: AppIdentifier, in store: OpenedStore) throws -> [String] {
        try store.read { try $0.listedDeliveries(app) }.identifiers
    }

    @Test("A saved delivery reads back equal by its id", arguments: StoreUnderTest.allCases)
    func deliveryRoundTrip(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let late = S.delivery("x", app: shop, at: 200.000_000_3)
        let unlisted = S.delivery("y", app: shop, at: 1, listed: false)
        try save([late, unlisted], in: store)
        #expect(try store.read { try $0.delivery(late.delivery.id) } == late)
        #expect(try store.read { try $0.delivery(unlisted.delivery.id) } == unlisted)
        #expect(try store.read { try $0.delivery(DeliveryID()) } == nil)
        #expect(try listed(shop, in: store) == ["x"])
    }

    @Test("A delivery's category is saved with it, whether its request is encoded or as read from the pending one",
          arguments: StoreUnderTest.allCases)
    func categoryRoundTrip(kind: StoreUnderTest) throws {
        let store = try kind.open()
        var own = S.delivery("own", app: shop, at: 1)
        own.delivery.category = S.category("reminder")
        var copied = S.delivery("copied", app: shop, at: 2)
        copied.delivery.request = S.pending("copied", fire: 2).request
        copied.delivery.category = S.category("reminder")
        try store.write { transaction in
            try transaction.savePending(S.pending("copied", fire: 2), for: shop)
            try transaction.saveDeliveries([own], requests: .own)
            try transaction.saveDeliveries([copied], requests: .read([.decoded(copied.delivery.request)]))
            try transaction.addToOutbox([own.delivery.id, copied.delivery.id])
        }
        #expect(try store.read { try $0.delivery(own.delivery.id) } == own)
        #expect(try store.read { try $0.delivery(copied.delivery.id) } == copied)
        #expect(try store.read { try $0.listedDeliveries(shop) } == [own.delivery, copied.delivery])
        #expect(try store.read { try $0.outbox() } == [own.delivery, copied.delivery])
    }

    @Test("Listed deliveries come oldest first, by date then insertion, per app", arguments: StoreUnderTest.allCases)
    func listedOrder(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try save([
            S.delivery("b", app: shop, at: 10), S.delivery("a", app: shop, at: 5),
            S.delivery("other", app: todo, at: 1), S.delivery("c", app: shop, at: 10),
        ], in: store)
        try save([S.delivery("early", app: shop, at: 2), S.delivery("d", app: shop, at: 10)], in: store)
        #expect(try listed(shop, in: store) == ["early", "a", "b", "c", "d"])
        #expect(try listed(todo, in: store) == ["other"])
        #expect(try listed("com.example.none", in: store) == [])
    }

    @Test("A new delivery of the same request identifier unlists the app's previous one", arguments: StoreUnderTest.allCases)
    func newDeliveryUnlistsPrevious(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let first = S.delivery("nag", app: shop, at: 1)
        let theirs = S.delivery("nag", app: todo, at: 1)
        let second = S.delivery("nag", app: shop, at: 61)
        try save([first, S.delivery("other", app: shop, at: 2), theirs, second], in: store)
        #expect(try listed(shop, in: store) == ["other", "nag"])
        #expect(try store.read { try $0.listedDeliveries(shop) }.last?.id == second.delivery.id)
        #expect(try store.read { try $0.delivery(first.delivery.id) }?.isListed == false)
        #expect(try listed(todo, in: store) == ["nag"])
    }

    @Test("In one batch, a later delivery of a request replaces an earlier one of the batch", arguments: StoreUnderTest.allCases)
    func batchReplacesWithinItself(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let before = S.delivery("nag", app: shop, at: 1)
        try save([before], in: store)
        let first = S.delivery("nag", app: shop, at: 2)
        let other = S.delivery("nag", app: todo, at: 2)
        let second = S.delivery("nag", app: shop, at: 3)
        let replaced = try store.write { try $0.saveDeliveries([first, other, second], requests: .own) }
        #expect(Set(replaced) == [
            ReplacedDelivery(app: shop, id: before.delivery.id), ReplacedDelivery(app: shop, id: first.delivery.id),
        ])
        #expect(try store.read { try $0.listedDeliveries(shop) }.map(\.id) == [second.delivery.id])
        #expect(try store.read { try $0.delivery(first.delivery.id) }?.isListed == false)
        #expect(try listed(todo, in: store) == ["nag"])
    }

    @Test("Deliveries of pending requests keep the pending request as the store holds it", arguments: StoreUnderTest.allCases)
    func deliveriesOfPending(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let pending = S.pending("milk", fire: 30)
        let delivery = StoredDelivery(
            delivery: Delivery(
                id: DeliveryID(), app: shop, request: pending.request, scheduledDate: S.date(30), date: S.date(30.2),
                isLate: false),
            isListed: true, isAnswered: false)
        try store.write { transaction in
            try transaction.savePending(pending, for: shop)
            try transaction.saveDeliveries([delivery], requests: .read([.decoded(pending.request)]))
            try transaction.deletePending(shop, identifiers: ["milk"])
        }
        #expect(try store.read { try $0.delivery(delivery.delivery.id) } == delivery)
        #expect(try store.read { try $0.pendingRequests(shop) } == [])
    }

    /// A delivery of `pending` fired at `offset`, with its pending request.
    private func firedDelivery(_ pending: PendingRequest, app: AppIdentifier, at offset: Double) -> StoredDelivery {
        StoredDelivery(
            delivery: Delivery(
                id: DeliveryID(), app: app, request: pending.request, scheduledDate: S.date(offset - 0.5),
                date: S.date(offset), isLate: false),
            isListed: true, isAnswered: false)
    }

    @Test("A firing batch's writes in one call: outbox, deliveries copied from pending, replacements, reschedules, badges, finished requests",
          arguments: StoreUnderTest.allCases)
    func saveFiring(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let once = S.pending("once", fire: 10)
        let repeating = S.pending(
            "nag", fire: 10, added: 1, trigger: .timeInterval(TimeIntervalTrigger(interval: 60, repeats: true)))
        let theirs = S.pending("once", fire: 10)
        let waiting = S.pending("later", fire: 500)
        let earlier = S.delivery("once", app: shop, at: 1)
        let handedOver = S.delivery("shown", app: shop, at: 2)
        try store.write { transaction in
            try transaction.savePending([once, repeating, waiting], for: shop)
            try transaction.savePending(theirs, for: todo)
            try transaction.saveDeliveries([earlier, handedOver], requests: .own)
            try transaction.addToOutbox([handedOver.delivery.id])
        }
        let fired = [
            firedDelivery(once, app: shop, at: 10), firedDelivery(repeating, app: shop, at: 10),
            firedDelivery(theirs, app: todo, at: 10),
        ]
        let next = PendingRequest(request: repeating.request, nextFireDate: S.date(70), addedDate: repeating.addedDate)
        let replaced = try store.write { transaction in
            try transaction.saveFiring(FiringWrites(
                handedOver: [handedOver.delivery.id], deliveries: fired,
                requests: .read(fired.map { .decoded($0.delivery.request) }),
                rescheduled: [(app: shop, pending: next)], badges: [shop: 3, todo: 1],
                finished: [(app: shop, identifier: "once"), (app: todo, identifier: "once")]))
        }
        #expect(replaced == [ReplacedDelivery(app: shop, id: earlier.delivery.id)])
        #expect(try store.read { try $0.outbox() } == fired.map(\.delivery))
        for delivery in fired {
            #expect(try store.read { try $0.delivery(delivery.delivery.id) } == delivery)
        }
        #expect(try store.read { try $0.delivery(earlier.delivery.id) }?.isListed == false)
        #expect(try listed(shop, in: store) == ["shown", "once", "nag"])
        #expect(try listed(todo, in: store) == ["once"])
        #expect(try store.read { try $0.pendingRequests(shop) } == [next, waiting])
        #expect(try store.read { try $0.pendingRequests(todo) } == [])
        #expect(try store.read { try $0.badge(shop) } == 3)
        #expect(try store.read { try $0.badge(todo) } == 1)
    }

    @Test("A firing batch with deliveries of their own requests, one replacing another of the batch, and nothing else",
          arguments: StoreUnderTest.allCases)
    func saveFiringOwnRequests(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let first = S.delivery("nag", app: shop, at: 5)
        let second = S.delivery("nag", app: shop, at: 6)
        let replaced = try store.write { transaction in
            try transaction.saveFiring(FiringWrites(deliveries: [first, second], requests: .own))
        }
        #expect(replaced == [ReplacedDelivery(app: shop, id: first.delivery.id)])
        #expect(try store.read { try $0.listedDeliveries(shop) } == [second.delivery])
        #expect(try store.read { try $0.delivery(first.delivery.id) }?.isListed == false)
        #expect(try store.read { try $0.outbox() } == [first.delivery, second.delivery])
        #expect(try store.write { try $0.saveFiring(FiringWrites()) } == [])
        #expect(try store.read { try $0.outbox() }.count == 2)
    }

    @Test("unlistDeliveries and unlistAllDeliveries hide deliveries of one app only", arguments: StoreUnderTest.allCases)
    func unlist(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let kept = S.delivery("c", app: shop, at: 3)
        try save([S.delivery("a", app: shop, at: 1), S.delivery("b", app: shop, at: 2), kept, S.delivery("a", app: todo, at: 1)], in: store)
        try store.write { try $0.unlistDeliveries(shop, identifiers: ["a", "b", "missing"]) }
        #expect(try listed(shop, in: store) == ["c"])
        #expect(try listed(todo, in: store) == ["a"])
        #expect(try store.read { try $0.delivery(kept.delivery.id) } == kept)
        try store.write { try $0.unlistAllDeliveries(shop) }
        #expect(try listed(shop, in: store) == [])
        #expect(try listed(todo, in: store) == ["a"])
    }

    @Test("updateDelivery sets the listed and answered flags", arguments: StoreUnderTest.allCases)
    func updateDelivery(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let first = S.delivery("a", app: shop, at: 1)
        try save([first, S.delivery("b", app: shop, at: 2)], in: store)
        try store.write { try $0.updateDelivery(first.delivery.id, isListed: false, isAnswered: true) }
        #expect(try store.read { try $0.delivery(first.delivery.id) }
            == StoredDelivery(delivery: first.delivery, isListed: false, isAnswered: true))
        #expect(try listed(shop, in: store) == ["b"])
        try store.write { try $0.updateDelivery(first.delivery.id, isListed: true, isAnswered: true) }
        #expect(try listed(shop, in: store) == ["a", "b"])
    }

    @Test("The outbox hands back deliveries in insertion order until removed", arguments: StoreUnderTest.allCases)
    func outbox(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let deliveries = [S.delivery("a", app: shop, at: 5), S.delivery("b", app: todo, at: 1), S.delivery("c", app: shop, at: 3)]
        try save(deliveries, in: store)
        #expect(try store.read { try $0.outbox() } == [])
        try store.write { transaction in
            for stored in deliveries {
                try transaction.addToOutbox(stored.delivery.id)
            }
            try transaction.addToOutbox(DeliveryID())
        }
        #expect(try store.read { try $0.outbox() } == deliveries.map(\.delivery))
        try store.write { try $0.removeFromOutbox([deliveries[0].delivery.id, DeliveryID()]) }
        #expect(try store.read { try $0.outbox() }.identifiers == ["b", "c"])
        try store.write { try $0.removeFromOutbox(deliveries.map(\.delivery.id)) }
        #expect(try store.read { try $0.outbox() } == [])
    }

    @Test("Taking deliveries out of the outbox takes every entry of them, however they were queued",
          arguments: StoreUnderTest.allCases)
    func outboxRemovesEveryEntry(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let deliveries = (1...4).map { S.delivery("d\($0)", app: shop, at: Double($0)) }
        let ids = deliveries.map(\.delivery.id)
        try save(deliveries, in: store)
        try store.write { transaction in
            try transaction.addToOutbox([ids[0], ids[1]])
            try transaction.addToOutbox([ids[1], ids[2], ids[3]])
            try transaction.addToOutbox([ids[0]])
        }
        #expect(try store.read { try $0.outbox() } == deliveries.map(\.delivery))
        // Exactly the ids of the first call, which two other calls also queued in part.
        try store.write { try $0.removeFromOutbox([ids[0], ids[1]]) }
        #expect(try store.read { try $0.outbox() }.identifiers == ["d3", "d4"])
        try store.write { try $0.removeFromOutbox([ids[3]]) }
        #expect(try store.read { try $0.outbox() }.identifiers == ["d3"])
        try store.write { try $0.removeFromOutbox([]) }
        try store.write { try $0.addToOutbox([]) }
        #expect(try store.read { try $0.outbox() }.identifiers == ["d3"])
        try store.write { try $0.deleteApp(shop) }
        #expect(try store.read { try $0.outbox() } == [])
    }

    @Test("Unhandled responses come per app in insertion order until marked handled", arguments: StoreUnderTest.allCases)
    func responses(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let mine = [S.delivery("a", app: shop, at: 1), S.delivery("b", app: shop, at: 2)]
        let theirs = S.delivery("c", app: todo, at: 1)
        try save(mine + [theirs], in: store)
        let responses = [
            S.response(to: mine[1], action: "trash"), S.response(to: theirs, action: "reply"),
            S.response(to: mine[0], action: "reply"),
        ]
        try store.write { transaction in
            for response in responses {
                try transaction.saveResponse(response)
            }
        }
        #expect(try store.read { try $0.unhandledResponses(shop) } == [responses[0], responses[2]])
        #expect(try store.read { try $0.unhandledResponses(todo) } == [responses[1]])
        try store.write { try $0.markResponseHandled(mine[1].delivery.id) }
        #expect(try store.read { try $0.unhandledResponses(shop) } == [responses[2]])
        #expect(try store.read { try $0.unhandledResponses(todo) } == [responses[1]])
    }

    @Test("Preferences, badge and categories default, save and replace per app", arguments: StoreUnderTest.allCases)
    func appRecords(kind: StoreUnderTest) throws {
        let store = try kind.open()
        #expect(try store.read { try $0.preferences(shop) } == nil)
        #expect(try store.read { try $0.badge(shop) } == 0)
        #expect(try store.read { try $0.categories(shop) } == [])
        let granted = AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert, .badge], alertStyle: .alert)
        try store.write { transaction in
            try transaction.savePreferences(AppNotificationPreferences(authorizationStatus: .denied), for: shop)
            try transaction.saveBadge(4, for: shop)
            try transaction.saveCategories([S.category("list"), S.category("other")], for: shop)
            try transaction.savePreferences(granted, for: shop)
            try transaction.saveCategories([S.category("list")], for: shop)
        }
        #expect(try store.read { try $0.preferences(shop) } == granted)
        #expect(try store.read { try $0.badge(shop) } == 4)
        #expect(try store.read { try $0.categories(shop) } == [S.category("list")])
        #expect(try store.read { try $0.preferences(todo) } == nil)
        #expect(try store.read { try $0.badge(todo) } == 0)
        try store.write { try $0.saveBadge(0, for: shop) }
        #expect(try store.read { try $0.badge(shop) } == 0)
        #expect(try store.read { try $0.preferences(shop) } == granted)
    }

    @Test("apps lists, sorted, every app with a pending request, preferences, badge or categories", arguments: StoreUnderTest.allCases)
    func apps(kind: StoreUnderTest) throws {
        let store = try kind.open()
        #expect(try store.read { try $0.apps() } == [])
        try store.write { transaction in
            try transaction.savePending(S.pending("x", fire: 1), for: "p.app")
            try transaction.savePreferences(AppNotificationPreferences(), for: "m.app")
            try transaction.saveBadge(1, for: "c.app")
            try transaction.saveCategories([], for: "z.app")
            try transaction.saveDelivery(S.delivery("x", app: "d.app", at: 1))
            try transaction.saveResponse(S.response(to: S.delivery("y", app: "r.app", at: 1), action: "ok"))
        }
        #expect(try store.read { try $0.apps() } == ["c.app", "m.app", "p.app", "z.app"])
    }

    @Test("Pruning deletes old unlisted deliveries, but not listed ones, outbox entries or unhandled responses",
          arguments: StoreUnderTest.allCases)
    func prune(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let old = S.delivery("old", app: shop, at: 1, listed: false)
        let listed = S.delivery("listed", app: shop, at: 2)
        let queued = S.delivery("queued", app: shop, at: 3, listed: false)
        let answered = S.delivery("answered", app: shop, at: 4, listed: false)
        let recent = S.delivery("recent", app: shop, at: 50, listed: false)
        try save([old, listed, queued, answered, recent], in: store)
        try store.write { transaction in
            try transaction.addToOutbox(queued.delivery.id)
            try transaction.saveResponse(S.response(to: answered, action: "ok"))
        }
        #expect(try store.write { try $0.pruneDeliveries(unlistedBefore: S.date(10)) } == 1)
        #expect(try store.read { try $0.delivery(old.delivery.id) } == nil)
        for kept in [listed, queued, answered, recent] {
            #expect(try store.read { try $0.delivery(kept.delivery.id) } == kept)
        }
        try store.write { try $0.markResponseHandled(answered.delivery.id) }
        #expect(try store.write { try $0.pruneDeliveries(unlistedBefore: S.date(10)) } == 1)
        #expect(try store.read { try $0.delivery(answered.delivery.id) } == nil)
    }
}
