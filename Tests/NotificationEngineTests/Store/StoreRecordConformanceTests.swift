import Foundation
import NotificationEngine
import Testing

/// What every store does with the records the engine reads for firing and for
/// sweeping, and with a whole app: the same answers from each store.
@Suite("Store conformance: records, apps, attachments")
struct StoreRecordConformanceTests {
    typealias S = StoreSamples
    let shop: AppIdentifier = "com.example.shopping"
    let todo: AppIdentifier = "com.example.todo"

    @Test("pendingRecords reads the existing keys of several apps, with exact dates and requests that decode",
          arguments: StoreUnderTest.allCases)
    func pendingRecords(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let milk = S.pending("milk", fire: 10.000_000_7, added: 0.25)
        let walk = S.pending("walk", fire: nil, added: 3)
        try store.write { transaction in
            try transaction.savePending(milk, for: shop)
            try transaction.savePending(walk, for: todo)
        }
        let records = try store.read {
            try $0.pendingRecords([(shop, "milk"), (todo, "walk"), (shop, "walk"), (todo, "missing")])
        }
        let byKey = Dictionary(uniqueKeysWithValues: records.map { ("\($0.app.rawValue)/\($0.identifier)", $0) })
        #expect(byKey.keys.sorted() == ["com.example.shopping/milk", "com.example.todo/walk"])
        let record = try #require(byKey["com.example.shopping/milk"])
        #expect(record.nextFireDate == milk.nextFireDate)
        #expect(record.addedDate == milk.addedDate)
        #expect(try record.payload.request() == milk.request)
        #expect(byKey["com.example.todo/walk"]?.nextFireDate == nil)
        #expect(try store.read { try $0.pendingRecords([]) }.isEmpty)
    }

    @Test("A batch of pending requests saves each as one by one would, the later of an identifier winning",
          arguments: StoreUnderTest.allCases)
    func savePendingBatch(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try store.write { try $0.savePending(S.pending("kept", fire: 1), for: shop) }
        let batch = [
            S.pending("a", fire: 10.000_000_3, added: 0.5),
            S.pending("b", fire: 20),
            S.location("place", added: 2),
            S.pending("a", fire: 30, added: 4, trigger: nil),
            S.pending("kept", fire: 5, added: 9),
        ]
        try store.write { try $0.savePending(batch, for: shop) }
        try store.write { try $0.savePending([], for: todo) }
        let read = try store.read { try $0.pendingRequests(shop) }
        #expect(read.identifiers == ["kept", "b", "a", "place"])
        #expect(read.first { $0.request.identifier == "a" } == batch[3])
        #expect(read.first { $0.request.identifier == "place" } == batch[2])
        #expect(read.first { $0.request.identifier == "kept" } == batch[4])
        #expect(try store.read { try $0.locationPending() }.map(\.1.request.identifier) == ["place"])
        #expect(try store.read { try $0.apps() } == [shop])
    }

    @Test("pendingIdentifiers names which of the identifiers the app has pending, one or many",
          arguments: StoreUnderTest.allCases)
    func pendingIdentifiers(kind: StoreUnderTest) throws {
        let store = try kind.open()
        try store.write { transaction in
            for identifier in ["a", "b", "c"] {
                try transaction.savePending(S.pending(identifier, fire: 1), for: shop)
            }
            try transaction.savePending(S.pending("d", fire: 1), for: todo)
        }
        #expect(try store.read { try $0.pendingIdentifiers(shop, among: ["b"]) } == ["b"])
        #expect(try store.read { try $0.pendingIdentifiers(shop, among: ["d"]) } == [])
        #expect(try store.read { try $0.pendingIdentifiers(shop, among: ["a", "c", "d", "x", "a"]) } == ["a", "c"])
        #expect(try store.read { try $0.pendingIdentifiers(todo, among: []) } == [])
    }

    @Test("deleteApp removes every row of one app and leaves the others whole", arguments: StoreUnderTest.allCases)
    func deleteApp(kind: StoreUnderTest) throws {
        let store = try kind.open()
        var deliveries: [StoredDelivery] = []
        try store.write { transaction in
            for app in [shop, todo] {
                try transaction.savePending(S.pending("p", fire: 5), for: app)
                try transaction.saveBadge(3, for: app)
                try transaction.saveCategories([S.category("reminder")], for: app)
                let delivery = S.delivery("d", app: app, at: 1)
                try transaction.saveDelivery(delivery)
                try transaction.addToOutbox(delivery.delivery.id)
                try transaction.saveResponse(S.response(to: delivery, action: "ok"))
                deliveries.append(delivery)
            }
            try transaction.deleteApp(shop)
        }
        try store.read { transaction throws in
            #expect(try transaction.apps() == [todo])
            #expect(try transaction.pendingRequests(shop).isEmpty)
            #expect(try transaction.badge(shop) == 0)
            #expect(try transaction.categories(shop).isEmpty)
            #expect(try transaction.delivery(deliveries[0].delivery.id) == nil)
            #expect(try transaction.unhandledResponses(shop).isEmpty)
            #expect(try transaction.outbox().map(\.id) == [deliveries[1].delivery.id])
            #expect(try transaction.pendingRequests(todo).identifiers == ["p"])
            #expect(try transaction.badge(todo) == 3)
            #expect(try transaction.listedDeliveries(todo).identifiers == ["d"])
            #expect(try transaction.unhandledResponses(todo).count == 1)
            #expect(try transaction.pendingCounts() == [todo: 1])
        }
    }

    @Test("attachmentDigests names the attachments of pending requests and listed deliveries, not of one waiting out its retention",
          arguments: StoreUnderTest.allCases)
    func attachmentDigests(kind: StoreUnderTest) throws {
        let store = try kind.open()
        func attached(_ digest: String) -> NotificationAttachment {
            NotificationAttachment(
                identifier: digest, type: .png, fileName: "\(digest).png", size: 73,
                digest: String(repeating: digest, count: 64))
        }
        var pending = S.pending("p", fire: 5)
        pending.request.content.attachments = [attached("a"), attached("b")]
        var listed = S.delivery("l", app: todo, at: 1)
        listed.delivery.request.content.attachments = [attached("c")]
        var unlisted = S.delivery("u", app: todo, at: 1, listed: false)
        unlisted.delivery.request.content.attachments = [attached("d")]
        try store.write { transaction in
            try transaction.savePending(pending, for: shop)
            try transaction.saveDelivery(listed)
            try transaction.saveDelivery(unlisted)
            try transaction.saveDelivery(S.delivery("plain", app: shop, at: 2))
        }
        let digests = try store.read { try $0.attachmentDigests() }
        #expect(digests == Set(["a", "b", "c"].map { String(repeating: $0, count: 64) }))
    }
}
