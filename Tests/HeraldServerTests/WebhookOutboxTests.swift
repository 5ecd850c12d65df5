import Foundation
@testable import HeraldServer
import Testing

@Suite("The webhook outbox")
struct WebhookOutboxTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-outbox-\(UUID().uuidString).sqlite").path
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func enqueue(_ outbox: WebhookOutbox, _ type: String, _ delivery: String, at date: Date? = nil) throws -> WebhookOutbox.Post? {
        try outbox.enqueue(type: type, delivery: delivery, app: "com.example.hooked", now: date ?? now) { id in
            Data("{\"sequence\":\(id)}".utf8)
        }
    }

    @Test("a post is kept until it is finished, with its attempts, across reopening")
    func keepsWaitingPosts() throws {
        do {
            let outbox = try WebhookOutbox(path: path, now: now)
            let post = try #require(try enqueue(outbox, "delivered", "d1"))
            #expect(post.body == Data("{\"sequence\":\(post.id)}".utf8))
            _ = try enqueue(outbox, "responded", "d1")
            try outbox.recordAttempt(of: post.id, now: now)
            try outbox.recordAttempt(of: post.id, now: now)
        }
        let reopened = try WebhookOutbox(path: path, now: now)
        let waiting = try reopened.waiting()
        #expect(waiting.map(\.type) == ["delivered", "responded"])
        #expect(waiting.map(\.attempts) == [2, 0])
        #expect(waiting.map(\.delivery) == ["d1", "d1"])
        try reopened.finish(waiting[0].id, now: now)
        #expect(try reopened.waiting().map(\.type) == ["responded"])
    }

    @Test("the same post twice is refused while it waits and after it was sent, until the retention ends")
    func refusesDuplicates() throws {
        let outbox = try WebhookOutbox(path: path, now: now)
        let post = try #require(try enqueue(outbox, "delivered", "d1"))
        #expect(try enqueue(outbox, "delivered", "d1") == nil)
        try outbox.finish(post.id, now: now)
        #expect(try enqueue(outbox, "delivered", "d1") == nil)
        #expect(try outbox.waiting().isEmpty)

        let later = now + WebhookOutbox.retention + 1
        let reopened = try WebhookOutbox(path: path, now: later)
        let again = try #require(try enqueue(reopened, "delivered", "d1", at: later))
        #expect(again.id > post.id)
    }

    @Test("a delivery's posts are added in one call, those already there left out, and kept across reopening")
    func addsPostsTogether() throws {
        do {
            let outbox = try WebhookOutbox(path: path, now: now)
            _ = try #require(try enqueue(outbox, "webpush:b2", "d1"))
            let posts = ["webpush:b1", "webpush:b2", "webpush:b3"].map { type in
                WebhookOutbox.NewPost(type: type, delivery: "d1", app: "com.example.hooked", body: Data("{\"to\":\"\(type)\"}".utf8))
            }
            let added = try outbox.enqueue(posts, now: now)
            #expect(added.map(\.type) == ["webpush:b1", "webpush:b3"])
            #expect(added.map(\.body) == [posts[0].body, posts[2].body])
            #expect(added.allSatisfy { $0.attempts == 0 && $0.updated == now && $0.delivery == "d1" })
            #expect(try outbox.enqueue(posts, now: now).isEmpty, "every one is there now")
        }
        let waiting = try WebhookOutbox(path: path, now: now).waiting()
        #expect(waiting.map(\.type) == ["webpush:b2", "webpush:b1", "webpush:b3"])
        #expect(waiting[1].body == Data("{\"to\":\"webpush:b1\"}".utf8))
    }

    @Test("attempts and finishes recorded at the same time are each committed", arguments: [1, 40])
    func recordsChangesTogether(posts count: Int) async throws {
        let outbox = try WebhookOutbox(path: path, now: now)
        let posts = try (0..<count).map { try #require(try enqueue(outbox, "delivered", "d\($0)")) }
        let later = now + 5
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for (index, post) in posts.enumerated() {
                group.addTask {
                    let counted = try await outbox.record(.attempt(of: post.id, now: later))
                    // Every other post is done after its attempt; the rest wait for another.
                    return index.isMultiple(of: 2) ? try await outbox.record(.finish(post.id, now: later)) && counted : counted
                }
            }
            for try await allowed in group { #expect(allowed) }
        }
        let waiting = try WebhookOutbox(path: path, now: now).waiting()
        #expect(waiting.map(\.id) == posts.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element.id))
        #expect(waiting.allSatisfy { $0.attempts == 1 && $0.updated == later })
    }

    @Test("a file that is not a database is a clear error")
    func unreadableFile() throws {
        try Data("not a database, just text that is long enough to have a header".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: DaemonError.self) { try WebhookOutbox(path: path, now: now) }
    }
}
