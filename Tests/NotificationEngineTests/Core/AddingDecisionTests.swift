import Foundation
@testable import NotificationEngine
import Testing

/// What the adding flow decides, on the flow alone (``AddingFlowHarness``):
/// which request the pending limit evicts, which add is refused with which
/// code, what a group's adds get, and identifiers kept in NFC. The engine's
/// suites (`LimitsTests`, `GroupAddTests`, `CanonicalIdentifierTests`) check
/// the same paths end to end, through the stores and firing.
@Suite("Engine core: adding decisions")
struct AddingDecisionTests {
    typealias Harness = AddingFlowHarness
    static let app = Harness.app
    static let other = Harness.other
    static let unauthorized = Harness.unauthorized
    static let composed = "n\u{e9}"
    static let decomposed = "ne\u{301}"

    static func request(_ identifier: String, after seconds: TimeInterval, repeats: Bool = false, title: String = "T")
        -> NotificationRequest
    {
        Harness.request(identifier, after: seconds, repeats: repeats, title: title)
    }

    /// The UTF-8 bytes; `==` on strings would not tell the spellings apart.
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: The pending limit

    @Test("The 65th request that fires last is refused, the limit in its message, and changes nothing")
    func sixtyFifthRefused() throws {
        var harness = Harness()
        for index in 1...64 {
            try harness.add([Self.request("r\(index)", after: Double(index))])
        }
        let error = #expect(throws: NotificationError.self) { try harness.add([Self.request("r65", after: 65)]) }
        #expect(error?.code == .pendingLimitReached)
        #expect(error?.message.contains("64") == true)
        #expect(harness.pending[Self.app]?.count == 64)
        #expect(!harness.identifiers().contains("r65"))
        #expect(harness.core.pendingCounts[Self.app] == 64)
    }

    @Test("A request that fires sooner than the latest evicts the latest-firing one")
    func soonerEvictsLatest() throws {
        var harness = Harness(limit: 3)
        try harness.add([Self.request("a", after: 10), Self.request("b", after: 30), Self.request("c", after: 20)])
        let result = try harness.add([Self.request("d", after: 5)])
        #expect(result.evictedIdentifiers == ["b"])
        #expect(harness.identifiers() == ["d", "a", "c"])
        #expect(harness.core.window.entries.map(\.identifier) == ["d", "a", "c"])
    }

    @Test("Replacing a request at the limit does not count it twice; a repeating request counts once")
    func replacingCountsOnce() throws {
        var harness = Harness(limit: 2)
        try harness.add([Self.request("nag", after: 60, repeats: true)])
        try harness.add([Self.request("once", after: 600)])
        harness.now = Harness.start + 300
        let result = try harness.add([Self.request("once", after: 30)])
        #expect(result.evictedIdentifiers.isEmpty)
        #expect(harness.pending[Self.app]?.count == 2)
        #expect(harness.core.pendingCounts[Self.app] == 2)
    }

    @Test("The limit is per app")
    func perApp() throws {
        var harness = Harness(limit: 1)
        harness.authorize(Self.other)
        try harness.add([Self.request("a", after: 10)])
        try harness.add([Self.request("a", after: 10)], for: Self.other)
        let error = #expect(throws: NotificationError.self) { try harness.add([Self.request("b", after: 20)]) }
        #expect(error?.code == .pendingLimitReached)
    }

    @Test("A batch is all or nothing")
    func batchAtomic() {
        var harness = Harness()
        let error = #expect(throws: NotificationError.self) {
            try harness.add([Self.request("ok", after: 10), Self.request("bad", after: -1)])
        }
        #expect(error?.code == .invalidTrigger)
        #expect(harness.identifiers().isEmpty)
        #expect(!harness.trace.contains { $0.hasPrefix("save") })
    }

    // MARK: Groups

    /// A group mixing every kind of outcome: plain adds, a replacement of an add made
    /// earlier in the group, an invalid request, an invalid app, an app that is not
    /// authorized, an add over the pending limit, an eviction of an earlier add of the
    /// group, a batch, and a second app.
    static func mixedGroup(_ app: AppIdentifier) -> [AddingFlow.Add] {
        let r = { (identifier: String, seconds: TimeInterval, title: String) in
            Self.request(identifier, after: seconds, title: title)
        }
        return [
            ([r("a", 10, "T")], app), ([r("b", 20, "T")], app), ([r("a", 15, "again")], app), ([r("", 10, "T")], app),
            ([r("x", 10, "T")], "not an app!"), ([r("y", 10, "T")], unauthorized), ([r("c", 30, "T")], app),
            ([r("d", 5, "T")], app), ([r("late", 99, "T")], app), ([r("e", 1, "T"), r("f", 2, "T")], app),
            ([r("o", 7, "T")], other),
        ]
    }

    @Test("Each add of a group gets what it would have got made alone, in order")
    func sameAsOneByOne() {
        var grouped = Harness(limit: 4)
        var single = Harness(limit: 4)
        grouped.authorize(Self.other)
        single.authorize(Self.other)
        let group = Self.mixedGroup(Self.app)

        let together = grouped.addEach(group).map(AddOutcome.init)
        let alone = group.map { single.addEach([$0])[0] }.map(AddOutcome.init)

        #expect(together == alone)
        #expect(together[0] == .added(evicted: []))
        #expect(together[3] == .refused(.invalidIdentifier))
        #expect(together[4] == .refused(.invalidAppIdentifier))
        #expect(together[5] == .refused(.notificationsNotAllowed))
        #expect(together[8] == .refused(.pendingLimitReached))
        #expect(together[9] == .added(evicted: ["c", "b"]))
        for app in [Self.app, Self.other, Self.unauthorized] {
            #expect(grouped.listed(app).map(\.request) == single.listed(app).map(\.request))
            #expect(grouped.listed(app).map(\.nextFireDate) == single.listed(app).map(\.nextFireDate))
            #expect(grouped.core.pendingCounts[app] == single.core.pendingCounts[app])
        }
        #expect(grouped.core.window.entries == single.core.window.entries)
        #expect(grouped.identifiers() == ["e", "f", "d", "a"])
        #expect(grouped.listed().last?.request.content.title == "again")
        #expect(grouped.changed == [Self.app, Self.other])
    }

    @Test("A group that changes nothing tells no app")
    func refusedGroupTellsNoOne() {
        var harness = Harness()
        let results = harness.addEach([
            ([Self.request("", after: 1)], Self.app), ([Self.request("z", after: 1)], Self.unauthorized),
        ])
        #expect(results.map(AddOutcome.init) == [.refused(.invalidIdentifier), .refused(.notificationsNotAllowed)])
        #expect(harness.changed.isEmpty)
        #expect(!harness.trace.contains("pendingChanged"))
    }

    // MARK: Canonically equal identifiers

    @Test("Adding the other spelling replaces the request: one pending, in NFC, at the second's date")
    func otherSpellingReplaces() throws {
        var harness = Harness()
        try harness.add([Self.request(Self.composed, after: 10, title: "first")])
        try harness.add([Self.request(Self.decomposed, after: 20, title: "second")])
        let pending = harness.listed()
        #expect(pending.map { Self.bytes($0.request.identifier) } == [Self.bytes(Self.composed)])
        #expect(pending.map(\.request.content.title) == ["second"])
        #expect(harness.core.window.entries.map(\.date) == [Harness.start + 20])
        #expect(harness.core.pendingCounts[Self.app] == 1)
    }

    @Test("In one batch or one group the later spelling replaces the earlier")
    func laterSpellingWins() throws {
        var harness = Harness()
        try harness.add([
            Self.request(Self.composed, after: 10, title: "first"), Self.request(Self.decomposed, after: 20, title: "second"),
        ])
        #expect(harness.listed().map(\.request.content.title) == ["second"])
        let results = harness.addEach([
            ([Self.request(Self.decomposed, after: 30, title: "third")], Self.app),
            ([Self.request(Self.composed, after: 40, title: "fourth")], Self.app),
        ])
        #expect(results.map(AddOutcome.init) == [.added(evicted: []), .added(evicted: [])])
        let pending = harness.listed()
        #expect(pending.map(\.request.content.title) == ["fourth"])
        #expect(pending.map { Self.bytes($0.request.identifier) } == [Self.bytes(Self.composed)])
        #expect(harness.core.window.entries.map(\.date) == [Harness.start + 40])
    }

    @Test("Replacing with the other spelling does not count against the pending limit")
    func spellingsCountOnce() throws {
        var harness = Harness(limit: 2)
        try harness.add([Self.request("x", after: 10), Self.request(Self.composed, after: 20)])
        let result = try harness.add([Self.request(Self.decomposed, after: 30)])
        #expect(result.evictedIdentifiers.isEmpty)
        #expect(harness.pending[Self.app]?.count == 2)
    }

    @Test("Length limits count the normalized form")
    func lengthOfNormalizedForm() throws {
        var harness = Harness()
        // 400 scalars as given, 200 once composed: within the limit of 255.
        try harness.add([Self.request(String(repeating: "e\u{301}", count: 200), after: 10)])
        #expect(harness.listed().first?.request.identifier.unicodeScalars.count == 200)
    }
}
