import Foundation
import NotificationEngine
import Testing

/// What every store keeps and for how long: the notification center's limit, the
/// responses an app acknowledges, and which attachments' bytes are still needed.
@Suite("Store conformance: the center's limit, acknowledged responses, kept attachments")
struct StoreRetentionConformanceTests {
    typealias S = StoreSamples
    let shop: AppIdentifier = "com.example.shopping"
    let todo: AppIdentifier = "com.example.todo"

    /// A delivery whose request carries one attachment with this digest.
    private func delivery(_ identifier: String, digest: String, at offset: Double, listed: Bool = true) -> StoredDelivery {
        var stored = S.delivery(identifier, app: shop, at: offset, listed: listed)
        stored.delivery.request.content.attachments = [attachment(digest)]
        return stored
    }

    private func attachment(_ digest: String, size: Int = 10) -> NotificationAttachment {
        NotificationAttachment(identifier: "a", type: .png, fileName: "a.png", size: size, digest: digest)
    }

    private func digest(_ character: Character) -> String {
        String(repeating: character, count: 64)
    }

    @Test("trimListedDeliveries keeps an app's newest listed deliveries and returns the others",
          arguments: StoreUnderTest.allCases)
    func trim(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let deliveries = (1...5).map { S.delivery("n\($0)", app: shop, at: Double($0)) }
        let theirs = S.delivery("t", app: todo, at: 0)
        _ = try store.write { try $0.saveDeliveries(deliveries + [theirs], requests: .own) }
        let trimmed = try store.write { try $0.trimListedDeliveries(shop, keeping: 3) }
        #expect(Set(trimmed) == Set(deliveries.prefix(2).map { ReplacedDelivery(app: shop, id: $0.delivery.id) }))
        #expect(try store.read { try $0.listedDeliveries(shop) }.identifiers == ["n3", "n4", "n5"])
        #expect(try store.read { try $0.listedDeliveries(todo) }.identifiers == ["t"])
        #expect(try store.write { try $0.trimListedDeliveries(shop, keeping: 3) } == [])
    }

    @Test("A firing batch beyond the center's limit pushes out the oldest, earlier and its own, and says which",
          arguments: StoreUnderTest.allCases)
    func firingTrims(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let earlier = [S.delivery("e1", app: shop, at: 1), S.delivery("e2", app: shop, at: 2), S.delivery("same", app: shop, at: 3)]
        let theirs = S.delivery("t", app: todo, at: 1)
        _ = try store.write { try $0.saveDeliveries(earlier + [theirs], requests: .own) }
        let batch = [S.delivery("b1", app: shop, at: 10), S.delivery("same", app: shop, at: 11)]
        let unlisted = try store.write { try $0.saveFiring(FiringWrites(deliveries: batch, requests: .own, listedLimit: 3)) }
        #expect(try store.read { try $0.listedDeliveries(shop) }.identifiers == ["e2", "b1", "same"])
        #expect(Set(unlisted) == Set([earlier[0], earlier[2]].map { ReplacedDelivery(app: shop, id: $0.delivery.id) }))
        let burst = (20..<25).map { S.delivery("burst\($0)", app: shop, at: Double($0)) }
        let pushed = try store.write { try $0.saveFiring(FiringWrites(deliveries: burst, requests: .own, listedLimit: 3)) }
        #expect(try store.read { try $0.listedDeliveries(shop) }.identifiers == ["burst22", "burst23", "burst24"])
        #expect(Set(pushed.map(\.id)) == Set(["e2", "b1", "same"].compactMap { name in
            (earlier + batch).last { $0.delivery.request.identifier == name }?.delivery.id
        } + burst.prefix(2).map(\.delivery.id)))
        #expect(try store.read { try $0.listedDeliveries(todo) }.identifiers == ["t"])
        #expect(try store.read { try $0.outbox() }.count == batch.count + burst.count)
    }

    @Test("removeResponse takes the app's own response only and says whether there was one",
          arguments: StoreUnderTest.allCases)
    func removeResponse(kind: StoreUnderTest) throws {
        let store = try kind.open()
        let mine = S.delivery("a", app: shop, at: 1)
        try store.write { transaction in
            try transaction.saveDelivery(mine)
            try transaction.saveResponse(S.response(to: mine, action: "ok"))
        }
        #expect(try store.write { try $0.removeResponse(mine.delivery.id, of: todo) } == false)
        #expect(try store.read { try $0.unhandledResponses(shop) }.count == 1)
        #expect(try store.write { try $0.removeResponse(mine.delivery.id, of: shop) } == true)
        #expect(try store.read { try $0.unhandledResponses(shop) } == [])
        #expect(try store.write { try $0.removeResponse(mine.delivery.id, of: shop) } == false)
    }

    @Test("Attachments are kept for pending requests and listed, queued or unacknowledged deliveries, not for the rest",
          arguments: StoreUnderTest.allCases)
    func keptAttachments(kind: StoreUnderTest) throws {
        let store = try kind.open()
        var pending = S.pending("p", fire: 100)
        pending.request.content.attachments = [attachment(digest("a"), size: 7)]
        let listed = delivery("listed", digest: digest("b"), at: 1)
        let queued = delivery("queued", digest: digest("c"), at: 2, listed: false)
        let answered = delivery("answered", digest: digest("d"), at: 3, listed: false)
        let removed = delivery("removed", digest: digest("e"), at: 4, listed: false)
        try store.write { transaction in
            try transaction.savePending(pending, for: shop)
            try transaction.saveDeliveries([listed, queued, answered, removed], requests: .own)
            try transaction.addToOutbox([queued.delivery.id])
            try transaction.saveResponse(S.response(to: answered, action: "ok"))
        }
        #expect(try store.read { try $0.attachmentDigests() } == Set(["a", "b", "c", "d"].map { digest(Character($0)) }))
        let references = try store.read { try $0.attachmentReferences(shop) }
        #expect(references.pending == ["p": [attachment(digest("a"), size: 7)]])
        #expect(Set(references.delivered.flatMap { $0.map(\.digest) }) == Set(["b", "c", "d"].map { digest(Character($0)) }))
        #expect(try store.read { try $0.attachmentReferences(todo) }.delivered.isEmpty)
        try store.write { transaction in
            try transaction.removeFromOutbox([queued.delivery.id])
            _ = try transaction.removeResponse(answered.delivery.id, of: shop)
            try transaction.unlistAllDeliveries(shop)
        }
        #expect(try store.read { try $0.attachmentDigests() } == [digest("a")])
    }
}
