import Foundation
@testable import HeraldServer
import HeraldTestSupport
import NotificationEngine
import Testing

/// The Web Push outbox of nodes sharing a PostgreSQL database (`webpush_posts`): a
/// delivery's messages added in one call, each leased to the node that added it.
@Suite("The Web Push outbox shared on PostgreSQL", .enabled(if: TestPostgres.url != nil || TestPostgres.isRequired))
struct SharedWebPushOutboxTests {
    @Test("a delivery's messages are added together, those already there left out, each the adding node's to send")
    func addsTogether() async throws {
        let url = try #require(TestPostgres.uniqueSchemaURL())
        let store = try PostgresStore(url: url)
        defer { try? store.dropSchema() }
        let database = try DaemonDatabase(store: store)
        let now = Date()
        let (first, second) = (UUID(), UUID())
        let one = WebhookOutbox(
            records: try PostgresWebhookPosts(database: database, node: first, now: now, table: .webPush), isShared: true)
        let two = WebhookOutbox(
            records: try PostgresWebhookPosts(database: database, node: second, now: now, table: .webPush), isShared: true)
        let posts = ["webpush:b1", "webpush:b2", "webpush:b3"].map { type in
            WebhookOutbox.NewPost(type: type, delivery: "d1", app: "a", body: Data("{\"to\":\"\(type)\"}".utf8))
        }

        _ = try #require(try two.enqueue([posts[1]], now: now).first)
        let added = try one.enqueue(posts, now: now)
        #expect(added.map(\.type) == ["webpush:b1", "webpush:b3"])
        #expect(added.map(\.body) == [posts[0].body, posts[2].body])
        #expect(try two.enqueue(posts, now: now).isEmpty, "every one is there now")

        // Each is leased to the node that added it: the other may not count an attempt at it.
        #expect(try await one.record(.attempt(of: added[0].id, now: now)))
        #expect(try await two.record(.attempt(of: added[1].id, now: now)) == false)
        #expect(try await one.record(.finish(added[0].id, now: now)))
        try one.releaseLeases()
        let taken = try two.waiting()
        #expect(taken.map(\.type) == ["webpush:b3"], "the finished one is nobody's; the second node added b2 and holds it")
        #expect(taken.first?.body == posts[2].body)
    }
}
