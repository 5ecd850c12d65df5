import Foundation
import Synchronization
import Testing

@testable import PushService

/// Keys and registrations as the push service keeps them.
struct PushDirectoryTests {
    static let now = ProviderTokenTests.now

    /// Records that keep what they are given, in memory, as a file or a database would.
    final class Kept: PushRecords {
        let contents = Mutex(PushDirectory.Contents())
        let failing = Mutex(false)

        func load() throws -> PushDirectory.Contents { contents.withLock { $0 } }

        func save(_ change: PushDirectory.Change, all: PushDirectory.Contents) throws {
            if failing.withLock({ $0 }) { throw CocoaError(.fileWriteNoPermission) }
            contents.withLock { $0 = all }
        }
    }

    @Test("an app holds one token per device until it unregisters; after that it gets a new one")
    func registrations() throws {
        let directory = try PushDirectory(records: Kept())
        let first = try directory.register(app: "com.example.chat", device: "local", now: Self.now)
        #expect(try directory.register(app: "com.example.chat", device: "local", now: Self.now) == first)
        let elsewhere = try directory.register(app: "com.example.chat", device: "laptop", now: Self.now)
        #expect(elsewhere.token != first.token)
        let ended = try #require(try directory.unregister(app: "com.example.chat", device: "local", now: Self.now))
        #expect(ended.unregisteredAt == Self.now)
        #expect(directory.registration(of: first.token, now: Self.now)?.isActive == false)
        let again = try directory.register(app: "com.example.chat", device: "local", now: Self.now)
        #expect(again.token != first.token)
        #expect(try directory.unregister(app: "com.example.none", device: "local", now: Self.now) == nil)
    }

    @Test("what the directory holds survives a reopening of its records")
    func lasting() throws {
        let records = Kept()
        let directory = try PushDirectory(records: records)
        try directory.addKey(
            identifier: "ABC123DEFG", team: "TEAM123456", p8: ProviderTokenTests.p8, topics: ["com.example.chat"],
            now: Self.now)
        let registration = try directory.register(app: "com.example.chat", device: "local", now: Self.now)
        let reopened = try PushDirectory(records: records)
        #expect(reopened.keys == directory.keys)
        #expect(reopened.registration(app: "com.example.chat", device: "local") == registration)
    }

    @Test("a key or token another node added is found by reading the records again, at most once a second")
    func reloadOnMiss() throws {
        let records = Kept()
        let here = try PushDirectory(records: records)
        let there = try PushDirectory(records: records)
        let registration = try there.register(app: "com.example.chat", device: "local", now: Self.now)
        #expect(here.registration(of: registration.token, now: Self.now) == registration)
        let later = try there.register(app: "com.example.other", device: "local", now: Self.now)
        #expect(here.registration(of: later.token, now: Self.now.addingTimeInterval(0.5)) == nil)
        #expect(here.registration(of: later.token, now: Self.now.addingTimeInterval(1)) == later)
    }

    @Test("a miss just after another node's change was read still reads the records: the reading it announced does not count")
    func missAfterAnnouncedReload() throws {
        let records = Kept()
        let here = try PushDirectory(records: records)
        let there = try PushDirectory(records: records)
        let first = try there.register(app: "com.example.chat", device: "local", now: Self.now)
        try here.reload(now: Self.now)
        #expect(here.registration(of: first.token, now: Self.now) == first)
        let second = try there.register(app: "com.example.other", device: "local", now: Self.now)
        #expect(here.registration(of: second.token, now: Self.now) == second, "announced before this node heard")
    }

    /// Records whose next `load` reads what they hold, then waits until let go.
    final class Slow: PushRecords {
        let kept = Kept()
        let reading = Mutex<(started: DispatchSemaphore, release: DispatchSemaphore)?>(nil)

        func load() throws -> PushDirectory.Contents {
            let contents = try kept.load()
            if let (started, release) = reading.withLock({ value in defer { value = nil }; return value }) {
                started.signal()
                release.wait()
            }
            return contents
        }

        func save(_ change: PushDirectory.Change, all: PushDirectory.Contents) throws {
            try kept.save(change, all: all)
        }
    }

    @Test("records read for another node's change, while this node adds a key, do not undo the key")
    func reloadDuringAChange() throws {
        let records = Slow()
        let directory = try PushDirectory(records: records)
        let (started, release, reloaded) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        records.reading.withLock { $0 = (started, release) }
        // On a thread of its own, as the daemon reads the records when another node announces a change.
        Thread.detachNewThread {
            #expect(throws: Never.self) { try directory.reload(now: Self.now) }
            reloaded.signal()
        }
        started.wait()
        try directory.addKey(
            identifier: "ABC123DEFG", team: "TEAM123456", p8: ProviderTokenTests.p8, topics: ["com.example.chat"],
            now: Self.now)
        release.signal()
        reloaded.wait()
        #expect(directory.keys.map(\.identifier) == ["ABC123DEFG"])
        #expect(directory.key("ABC123DEFG", now: Self.now) != nil)
    }

    struct BadKey: Sendable, CustomTestStringConvertible {
        var what: String
        var identifier = "ABC123DEFG"
        var team = "TEAM123456"
        var p8 = ProviderTokenTests.p8
        var topics = ["com.example.chat"]
        var code: PushServiceError.Code
        var testDescription: String { what }
    }

    @Test(arguments: [
        BadKey(what: "an empty identifier", identifier: "", code: .invalidIdentifier),
        BadKey(what: "a team with a space", team: "TEAM 1", code: .invalidIdentifier),
        BadKey(what: "a file that is no key", p8: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----", code: .invalidKey),
        BadKey(what: "no topic", topics: [], code: .invalidTopic),
        BadKey(what: "a topic with a newline", topics: ["com.example\nchat"], code: .invalidTopic),
        BadKey(what: "a topic of another team", team: "OTHERTEAM1", topics: ["com.example.owned"], code: .topicTaken),
    ])
    func refusedKeys(_ bad: BadKey) throws {
        let records = Kept()
        let directory = try PushDirectory(records: records)
        try directory.addKey(
            identifier: "OWNER00001", team: "TEAM123456", p8: ProviderTokenTests.p8, topics: ["com.example.owned"],
            now: Self.now)
        let before = records.contents.withLock { $0 }
        let error = #expect(throws: PushServiceError.self) {
            try directory.addKey(identifier: bad.identifier, team: bad.team, p8: bad.p8, topics: bad.topics, now: Self.now)
        }
        #expect(error?.code == bad.code)
        #expect(records.contents.withLock { $0 } == before)
        #expect(directory.keys.count == 1)
    }

    @Test("a change the records cannot save changes nothing in memory either")
    func failedSave() throws {
        let records = Kept()
        let directory = try PushDirectory(records: records)
        records.failing.withLock { $0 = true }
        let error = #expect(throws: PushServiceError.self) {
            try directory.register(app: "com.example.chat", device: "local", now: Self.now)
        }
        #expect(error?.code == .storeFailure)
        #expect(directory.registration(app: "com.example.chat", device: "local") == nil)
        #expect(directory.registrations.isEmpty)
    }

    @Test("device tokens read as 64 hex digits in either case, and nothing else")
    func tokenText() {
        let token = DeviceToken()
        #expect(DeviceToken(hex: token.description) == token)
        #expect(DeviceToken(hex: token.description.uppercased()) == token)
        #expect(DeviceToken(hex: String(token.description.dropLast())) == nil)
        #expect(DeviceToken(hex: String(token.description.dropLast()) + "g") == nil)
        #expect(DeviceToken(bytes: Data(count: 31)) == nil)
        #expect(token.description.count == 64)
    }
}
