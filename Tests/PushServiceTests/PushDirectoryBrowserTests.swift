import Foundation
import Synchronization
import Testing

@testable import PushService

/// The browsers subscribed to Web Push and the VAPID key, as the push directory keeps them.
struct PushDirectoryBrowserTests {
    static let now = ProviderTokenTests.now
    typealias Kept = PushDirectoryTests.Kept

    static func subscription(_ endpoint: String = "https://push.example.net/wpush/1") throws -> WebPushSubscription {
        try WebPushSubscription(json: WebPushMessageTests.subscriptionJSON(endpoint: endpoint))
    }

    @Test func aBrowserSubscribesOnceByItsEndpointAndIsKept() throws {
        let records = Kept()
        let directory = try PushDirectory(records: records)
        let first = try directory.subscribeBrowser(Self.subscription(), name: " Firefox on Linux ", now: Self.now)
        #expect(first.identifier.hasPrefix("wps_") && first.identifier.count == 36)
        #expect(first.name == "Firefox on Linux")
        #expect(first.receives("com.example.chat"))
        let other = try directory.subscribeBrowser(
            Self.subscription("https://push.example.net/wpush/2"), name: "Chromium", now: Self.now + 1)
        // The same browser subscribing again (new keys after a reinstall of the worker).
        let again = try directory.subscribeBrowser(Self.subscription(), name: "Firefox", now: Self.now + 2)
        #expect(again.identifier == first.identifier)
        #expect(again.subscribedAt == first.subscribedAt)
        #expect(again.name == "Firefox")
        #expect(directory.browsers.map(\.identifier) == [first.identifier, other.identifier])
        #expect(try PushDirectory(records: records).browsers == directory.browsers)
    }

    @Test func thePersonTakesABrowserOffAnAppAndRemovesIt() throws {
        let directory = try PushDirectory(records: Kept())
        let browser = try directory.subscribeBrowser(Self.subscription(), name: "Firefox", now: Self.now)
        let off = try directory.setBrowser(browser.identifier, receives: "com.example.chat", false)
        #expect(off.excludedApps == ["com.example.chat"])
        #expect(try directory.setBrowser(browser.identifier, receives: "com.example.chat", false) == off)
        #expect(directory.browsers(receiving: "com.example.chat").isEmpty)
        #expect(directory.browsers(receiving: "com.example.todo").map(\.identifier) == [browser.identifier])
        #expect(try directory.setBrowser(browser.identifier, receives: "com.example.chat", true).excludedApps.isEmpty)
        try directory.removeBrowser(browser.identifier)
        #expect(directory.browsers.isEmpty)
        #expect(throws: PushServiceError(.browserNotFound, "no browser \(browser.identifier) is subscribed")) {
            try directory.removeBrowser(browser.identifier)
        }
        #expect(throws: PushServiceError(.browserNotFound, "no browser wps_x is subscribed")) {
            try directory.setBrowser("wps_x", receives: "com.example.chat", false)
        }
    }

    @Test(arguments: ["", "   ", String(repeating: "n", count: 101), "two\nlines"])
    func aNameThatCannotBeShownIsRefused(name: String) throws {
        let directory = try PushDirectory(records: Kept())
        #expect(throws: PushServiceError(.invalidIdentifier, "a browser's name is 1 to 100 characters on one line")) {
            try directory.subscribeBrowser(Self.subscription(), name: name, now: Self.now)
        }
        #expect(directory.browsers.isEmpty)
    }

    @Test func theVAPIDKeyIsMadeOnceAndKept() throws {
        let records = Kept()
        let directory = try PushDirectory(records: records)
        let key = try directory.vapidKey()
        #expect(try directory.vapidKey().publicKey == key.publicKey)
        #expect(try PushDirectory(records: records).vapidKey().publicKey == key.publicKey)
    }

    /// Records where another node made the key while this one was making its own.
    final class Raced: PushRecords {
        let kept = Kept()
        let theirs: String

        init() throws { theirs = try VAPIDKey().pemRepresentation }

        func load() throws -> PushDirectory.Contents { try kept.load() }

        func save(_ change: PushDirectory.Change, all: PushDirectory.Contents) throws {
            if case .vapidKeyMade = change {
                var contents = try kept.load()
                contents.vapidKey = theirs
                try kept.save(.vapidKeyMade(theirs), all: contents)
                throw PushServiceError(.keyTaken, "another node made the VAPID key first")
            }
            try kept.save(change, all: all)
        }
    }

    @Test func twoNodesMakingTheKeyAtOnceBothUseTheFirst() throws {
        let records = try Raced()
        let key = try PushDirectory(records: records).vapidKey()
        #expect(try key.publicKey == VAPIDKey(pemRepresentation: records.theirs).publicKey)
    }

    @Test func aKeptKeyThatIsNotOneIsAnError() throws {
        let records = Kept()
        records.contents.withLock { $0.vapidKey = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----" }
        #expect(throws: PushServiceError(.invalidKey, "the kept VAPID key is not a P-256 private key")) {
            try PushDirectory(records: records).vapidKey()
        }
    }
}
