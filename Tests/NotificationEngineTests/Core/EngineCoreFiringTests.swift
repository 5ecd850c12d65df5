import Foundation
@testable import NotificationEngine
import Testing

/// What firing decides on its own, item by item and for a batch: no store, no
/// clock, no lock. Each test takes what is due from a core started as
/// ``EngineCoreTests`` starts it, fires it from records as the store would hold
/// them, and checks the decision and what the core remembers once it committed.
@Suite("Engine core: firing")
struct EngineCoreFiringTests {
    typealias Core = EngineCoreTests
    static let now = Core.now
    static let app = Core.app
    static let authorized = Core.authorized

    static func core() -> EngineCore { Core.core() }

    static func request(_ identifier: String, after seconds: TimeInterval, repeats: Bool = false, badge: Int? = nil)
        -> NotificationRequest
    {
        Core.request(identifier, after: seconds, repeats: repeats, badge: badge)
    }

    /// Adds `requests` as ``EngineCoreTests/add(_:to:pending:at:)`` does.
    static func add(_ requests: [NotificationRequest], to core: inout EngineCore, pending: inout [PendingRequest])
        throws
    {
        try Core.add(requests, to: &core, pending: &pending)
    }

    static func record(_ pending: PendingRequest) -> PendingRecord { Core.record(pending) }

    @Test(
        "A one-shot request fires once and ends; on time it is not late, late by a second or more it is",
        arguments: [(0.0, false), (0.999, false), (1, true), (61, true)])
    func oneShot(lateBy seconds: TimeInterval, isLate: Bool) throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add([Self.request("a", after: 60)], to: &core, pending: &pending)
        let now = Self.now + 60 + seconds
        let item = try #require(core.takeDue(at: now).first)
        var firing = EngineCore.Firing()
        core.fire(
            item, record: Self.record(pending[0]), request: pending[0].request, app: Self.authorized, now: now,
            into: &firing)
        #expect(firing.deliveries.map(\.request.identifier) == ["a"])
        #expect(firing.deliveries.first?.isLate == isLate)
        #expect(firing.deliveries.first?.scheduledDate == Self.now + 60)
        #expect(firing.deliveries.first?.date == now)
        #expect(firing.finished == [RegionKey(app: Self.app, identifier: "a")])
        #expect(firing.rescheduled.isEmpty)
        core.committed(firing)
        #expect(core.pendingCounts[Self.app] == 0)
        #expect(core.window.entries.isEmpty)
    }

    @Test("A repeating request missed many times while the engine was down fires once, then keeps its cadence")
    func catchUp() throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add([Self.request("nag", after: 60, repeats: true)], to: &core, pending: &pending)
        let now = Self.now + 60 * 10 + 30  // ten fire dates missed
        let item = try #require(core.takeDue(at: now).first)
        var firing = EngineCore.Firing()
        core.fire(
            item, record: Self.record(pending[0]), request: pending[0].request, app: Self.authorized, now: now,
            into: &firing)
        #expect(firing.deliveries.count == 1)
        #expect(firing.deliveries.first?.isLate == true)
        #expect(firing.rescheduled.map(\.1.nextFireDate) == [Self.now + 60 * 11])
        core.committed(firing)
        #expect(core.pendingCounts[Self.app] == 1)
        #expect(core.window.entries.map(\.date) == [Self.now + 60 * 11])
    }

    @Test("Firing decides nothing for a request that moved on since it was taken, or for an app not found")
    func movedOn() throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add([Self.request("a", after: 60)], to: &core, pending: &pending)
        let item = try #require(core.takeDue(at: Self.now + 60).first)
        var moved = Self.record(pending[0])
        moved.nextFireDate = Self.now + 300
        var firing = EngineCore.Firing()
        core.fire(item, record: moved, request: pending[0].request, app: Self.authorized, now: Self.now + 60, into: &firing)
        core.fire(
            item, record: Self.record(pending[0]), request: pending[0].request, app: nil, now: Self.now + 60,
            into: &firing)
        #expect(firing.deliveries.isEmpty && firing.finished.isEmpty && firing.rescheduled.isEmpty)
    }

    @Test("An unreadable request ends without a delivery; a denied app's request moves on without one")
    func nothingShown() throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add(
            [Self.request("broken", after: 60), Self.request("nag", after: 60, repeats: true)], to: &core,
            pending: &pending)
        var denied = Self.authorized
        denied.preferences.authorizationStatus = .denied
        var firing = EngineCore.Firing()
        for item in core.takeDue(at: Self.now + 60) {
            let stored = try #require(pending.first { $0.request.identifier == item.identifier })
            let request = item.identifier == "broken" ? nil : stored.request
            core.fire(item, record: Self.record(stored), request: request, app: denied, now: Self.now + 60, into: &firing)
        }
        #expect(firing.deliveries.isEmpty)
        #expect(firing.finished.map(\.identifier) == ["broken"])
        #expect(firing.rescheduled.map(\.1.request.identifier) == ["nag"])
    }

    @Test(
        "A badge is set only for an app allowed badges: 0 clears it, none leaves it",
        arguments: [(3, true, [3]), (3, false, []), (0, true, [0]), (nil, true, [])] as [(Int?, Bool, [Int])])
    func badges(badge: Int?, allowed: Bool, expected: [Int]) throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add([Self.request("a", after: 60, badge: badge)], to: &core, pending: &pending)
        let item = try #require(core.takeDue(at: Self.now + 60).first)
        var app = Self.authorized
        app.badge = 5
        if !allowed { app.preferences.grantedOptions = [.alert] }
        var firing = EngineCore.Firing(apps: [Self.app: app])
        core.fire(
            item, record: Self.record(pending[0]), request: pending[0].request, app: app, now: Self.now + 60,
            into: &firing)
        #expect(firing.badges.values.sorted() == expected)
        #expect(firing.apps[Self.app]?.badge == expected.first ?? 5, "the app's record as committed with the batch")
        #expect(firing.deliveries.count == 1)
    }

    @Test("A delivery is made with its category as registered when it fires: none without one, no actions once removed")
    func categoryMadeWith() throws {
        let category = NotificationCategory(
            identifier: "list", actions: [NotificationAction(identifier: "ok", title: "OK")], options: [.customDismissAction])
        let cases: [(String, [NotificationCategory], NotificationCategory?)] = [
            ("list", [category], category),
            ("list", [], NotificationCategory(identifier: "list", actions: [])),
            ("", [category], nil),
        ]
        for (identifier, registered, expected) in cases {
            // Added while the category was registered (adds check that it is).
            var request = Self.request("r", after: 60)
            request.content.categoryIdentifier = identifier
            let pending = PendingRequest(request: request, nextFireDate: Self.now + 60, addedDate: Self.now)
            var core = Self.core()
            core.loaded(
                counts: [Self.app: 1], soonest: [DueEntry(app: Self.app, identifier: "r", date: Self.now + 60)],
                located: [])
            let item = try #require(core.takeDue(at: Self.now + 60).first)
            var app = Self.authorized
            app.categories = registered
            var firing = EngineCore.Firing()
            core.fire(item, record: Self.record(pending), request: request, app: app, now: Self.now + 60, into: &firing)
            #expect(firing.deliveries.map(\.category) == [expected], "\(identifier) of \(registered.count)")
        }
    }

    @Test("A batch fires the items whose rows its claim loaded, with their payloads, badges and the soonest next date")
    func batch() throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add(
            [Self.request("a", after: 60, badge: 1), Self.request("gone", after: 60),
             Self.request("nag", after: 60, repeats: true, badge: 2), Self.request("tick", after: 60, repeats: true)],
            to: &core, pending: &pending)
        let items = core.takeDue(at: Self.now + 60)
        var loaded: FiringClaim.Loaded = [:]
        for stored in pending where stored.request.identifier != "gone" {
            loaded[RegionKey(app: Self.app, identifier: stored.request.identifier)] = (Self.record(stored), stored.request)
        }
        let firing = core.fire(
            items, claimed: FiringClaim(apps: [Self.app: Self.authorized], loaded: loaded), now: Self.now + 60)
        #expect(items.map(\.identifier) == ["a", "gone", "nag", "tick"])
        #expect(firing.deliveries.map(\.request.identifier) == ["a", "nag", "tick"], "a row not loaded is left")
        let payloads = firing.payloads.map { payload -> String? in
            guard case .decoded(let request) = payload else { return nil }
            return request.identifier
        }
        #expect(payloads == ["a", "nag", "tick"])
        #expect(firing.badges == [Self.app: 2], "the batch's last badge")
        #expect(firing.apps[Self.app]?.badge == 2)
        #expect(firing.finished.map(\.identifier) == ["a"])
        #expect(firing.soonestNextFireDate == Self.now + 120)
        #expect(firing.changesPending)
    }
}
