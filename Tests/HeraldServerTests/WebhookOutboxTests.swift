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

    @Test("a file that is not a database is a clear error")
    func unreadableFile() throws {
        try Data("not a database, just text that is long enough to have a header".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: DaemonError.self) { try WebhookOutbox(path: path, now: now) }
    }
}
