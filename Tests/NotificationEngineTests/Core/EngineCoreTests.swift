import Foundation
@testable import NotificationEngine
import Testing

/// The engine's decisions on their own: no store, no clock, no lock. Each test
/// feeds the core what the engine would have read, and checks what it decides
/// and what it remembers once told that the decision committed.
@Suite("Engine core: the decisions as a state machine")
struct EngineCoreTests {
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let app: AppIdentifier = "com.example.core"

    /// A core started on an empty store.
    static func core(limit: Int = 64, window: Int = 16) -> EngineCore {
        var core = EngineCore(
            rules: EngineCore.Rules(
                pendingLimitPerApp: limit, lateTolerance: 1, clockCheckInterval: 10, deliveryRetention: 86_400,
                preferredLanguages: ["en"]),
            windowCapacity: window, schedule: TriggerSchedule(timeZone: TimeZone(identifier: "UTC")!))
        core.loaded(counts: [:], soonest: [], located: [])
        return core
    }

    static let authorized = AppRecord(
        preferences: AppNotificationPreferences(authorizationStatus: .authorized, grantedOptions: [.alert, .badge]),
        categories: [], badge: 0)

    static func request(_ identifier: String, after seconds: TimeInterval, repeats: Bool = false, badge: Int? = nil)
        -> NotificationRequest
    {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: identifier, badge: badge),
            trigger: .timeInterval(TimeIntervalTrigger(interval: seconds, repeats: repeats)))
    }

    /// Adds `requests` with the adding flow, as the engine would, the store's
    /// pending requests kept in `pending`; returns the add's plan.
    @discardableResult
    static func add(
        _ requests: [NotificationRequest], to core: inout EngineCore, pending: inout [PendingRequest],
        at now: Date = now
    ) throws -> EngineCore.AddPlan {
        var harness = AddingFlowHarness(core: core, pending: pending, now: now)
        try harness.add(requests)
        (core, pending) = (harness.core, harness.pending[app] ?? [])
        return try #require(harness.saved.last)
    }

    static func record(_ pending: PendingRequest) -> PendingRecord {
        PendingRecord(
            app: app, identifier: pending.request.identifier, nextFireDate: pending.nextFireDate,
            addedDate: pending.addedDate, payload: .decoded(pending.request))
    }

    // MARK: Adds

    @Test("An add is refused unless the app is authorized, and a bad request is refused with its typed error")
    func addsAreChecked() throws {
        let core = Self.core()
        var denied = Self.authorized
        denied.preferences.authorizationStatus = .denied
        #expect(throws: NotificationError.self) {
            try core.pendingItems(for: [Self.request("a", after: 60)], of: Self.app, record: denied, now: Self.now)
        }
        let error = #expect(throws: NotificationError.self) {
            try core.pendingItems(
                for: [Self.request("a", after: 30, repeats: true)], of: Self.app, record: Self.authorized, now: Self.now)
        }
        #expect(error?.code == .invalidTrigger)
    }

    @Test("Of two requests with one identifier in an add the later wins, and first fire dates come from the trigger")
    func laterIdentifierWins() throws {
        let items = try Self.core().pendingItems(
            for: [Self.request("a", after: 60), Self.request("b", after: 90), Self.request("a", after: 120)],
            of: Self.app, record: Self.authorized, now: Self.now)
        #expect(items.map(\.request.identifier) == ["a", "b"])
        #expect(items.map(\.nextFireDate) == [Self.now + 120, Self.now + 90])
    }

    @Test("At the pending limit an add drops the latest-firing request, and a new one that would fire last is refused")
    func limitKeepsTheSoonest() throws {
        var core = Self.core(limit: 3)
        var pending: [PendingRequest] = []
        try Self.add((1...3).map { Self.request("r\($0)", after: Double($0) * 60) }, to: &core, pending: &pending)

        let plan = try Self.add([Self.request("soon", after: 30)], to: &core, pending: &pending)
        #expect(plan.evicted.map(\.request.identifier) == ["r3"])
        #expect(core.pendingCounts[Self.app] == 3)
        #expect(core.window.entries.map(\.identifier) == ["soon", "r1", "r2"])

        let error = #expect(throws: NotificationError.self) {
            try Self.add([Self.request("late", after: 600)], to: &core, pending: &pending)
        }
        #expect(error?.code == .pendingLimitReached)
        // A tie with the latest: the new request is the one dropped.
        #expect(throws: NotificationError.self) {
            try Self.add([Self.request("tie", after: 120)], to: &core, pending: &pending)
        }
        #expect(core.pendingCounts[Self.app] == 3)
    }

    @Test("Replacing an identifier at the limit drops nothing, and the window holds only the new date")
    func replaceAtTheLimit() throws {
        var core = Self.core(limit: 2)
        var pending: [PendingRequest] = []
        try Self.add([Self.request("a", after: 60), Self.request("b", after: 120)], to: &core, pending: &pending)
        let plan = try Self.add([Self.request("a", after: 600)], to: &core, pending: &pending)
        #expect(plan.evicted.isEmpty)
        #expect(plan.replaced == ["a"])
        #expect(core.pendingCounts[Self.app] == 2)
        #expect(core.window.entries.map(\.identifier) == ["b", "a"])
        #expect(core.window.entries.map(\.date) == [Self.now + 120, Self.now + 600])
    }

    // MARK: The due window and the timer

    @Test("The window keeps the soonest entries up to its capacity; once emptied it asks for the store")
    func windowIsAPrefix() throws {
        var core = Self.core(window: 2)
        var pending: [PendingRequest] = []
        try Self.add([60, 30, 90, 10].map { Self.request("r\(Int($0))", after: $0) }, to: &core, pending: &pending)
        #expect(core.window.entries.map(\.identifier) == ["r10", "r30"])
        #expect(!core.window.isComplete)
        #expect(core.wake(now: Self.now) == Self.now + 10)

        let due = core.takeDue(at: Self.now + 45)
        #expect(due.map(\.identifier) == ["r10", "r30"])
        #expect(due.map(\.dueDate) == [Self.now + 10, Self.now + 30])
        #expect(core.needsRefill(at: Self.now + 45))
        #expect(core.wake(now: Self.now + 45) == Self.now + 45)

        core.refillFailed(at: Self.now + 45, retryAfter: 1)
        #expect(!core.needsRefill(at: Self.now + 45.5))
        #expect(core.wake(now: Self.now + 45) == Self.now + 46)
        #expect(core.needsRefill(at: Self.now + 46))
        core.refilled(with: [DueEntry(app: Self.app, identifier: "r60", date: Self.now + 60)])
        #expect(core.window.isComplete)
        #expect(core.wake(now: Self.now + 45) == Self.now + 55)  // the clock check comes first
        _ = core.takeDue(at: Self.now + 60)
        #expect(core.wake(now: Self.now + 60) == nil)
    }

    @Test("The next batch can be seen before it is taken; a committed batch's requests leave the window and the counts")
    func nextBatchAhead() throws {
        var core = Self.core(window: 8)
        var pending: [PendingRequest] = []
        try Self.add((1...6).map { Self.request("r\($0)", after: Double($0) * 10) }, to: &core, pending: &pending)
        // What takeDue would take, left where it is.
        #expect(core.nextDue(at: Self.now + 35).map(\.identifier) == ["r1", "r2", "r3"])
        #expect(core.window.entries.count == 6)
        let items = core.takeDue(at: Self.now + 35)
        #expect(items.map(\.identifier) == ["r1", "r2", "r3"])
        #expect(core.nextDue(at: Self.now + 35).isEmpty)
        #expect(core.nextDue(at: Self.now + 50).map(\.identifier) == ["r4", "r5"])
        // Finishing requests still in the window takes them out in one pass, with their counts.
        var firing = EngineCore.Firing()
        firing.finished = ["r1", "r2", "r3", "r5"].map { RegionKey(app: Self.app, identifier: $0) }
        core.committed(firing)
        #expect(core.window.entries.map(\.identifier) == ["r4", "r6"])
        #expect(core.pendingCounts[Self.app] == 2)
        // While an app is held, nothing is seen ahead: takeDue would leave that app's entries.
        _ = core.hold(core.takeDue(at: Self.now + 40), now: Self.now + 40, delay: 0.01)
        #expect(core.nextDue(at: Self.now + 40).isEmpty)
    }

    @Test("An app another engine held is left alone for 10, 20, 40, then 80 ms while other apps fire on time; then its lock is waited for")
    func heldApp() throws {
        var core = Self.core()
        let other: AppIdentifier = "com.example.other"
        core.loaded(
            counts: [Self.app: 2, other: 1],
            soonest: [
                DueEntry(app: Self.app, identifier: "a", date: Self.now + 60),
                DueEntry(app: other, identifier: "o", date: Self.now + 60.005),
                DueEntry(app: Self.app, identifier: "b", date: Self.now + 60.5),
            ],
            located: [])
        var now = Self.now + 60
        var items = core.takeDue(at: now)
        #expect(items.map(\.identifier) == ["a"])
        for (skips, delay) in [(1, 0.01), (2, 0.02), (3, 0.04), (4, 0.08), (5, 0.08)] {
            #expect(!core.waitsForApps(of: items, limit: 4) || skips == 5)
            let until = core.hold(items, now: now, delay: 0.01)
            #expect(until == now + delay)
            #expect(core.appSkips[Self.app] == skips)
            // The held entry stays, and waits: the other app's entry is taken around it.
            #expect(core.takeDue(at: now + 0.005).map(\.identifier) == (skips == 1 ? ["o"] : []))
            #expect(core.window.entries.map(\.identifier) == ["a", "b"])
            #expect(core.wake(now: now + 0.005) == now + delay)
            now = now + delay
            items = core.takeDue(at: now)
            #expect(items.map(\.identifier) == ["a"])
        }
        #expect(core.waitsForApps(of: items, limit: 4))
        core.locked([Self.app])
        #expect(core.appSkips[Self.app] == nil)
        #expect(!core.waitsForApps(of: items, limit: 4))
        #expect(core.takeDue(at: Self.now + 60.5).map(\.identifier) == ["b"])
    }

    @Test("After a claim found rows gone, the window stays and is read again at the date given, or sooner when it runs empty")
    func reloadLater() throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add([Self.request("a", after: 60), Self.request("b", after: 61)], to: &core, pending: &pending)
        _ = core.takeDue(at: Self.now + 60)
        core.reload(by: Self.now + 60.25)
        core.reload(by: Self.now + 60.5)
        #expect(core.reloadDate == Self.now + 60.25)
        #expect(core.window.entries.map(\.identifier) == ["b"])
        #expect(!core.needsRefill(at: Self.now + 60.1))
        #expect(core.wake(now: Self.now + 60.1) == Self.now + 60.25)
        #expect(core.needsRefill(at: Self.now + 60.25))
        core.refilled(with: [DueEntry(app: Self.app, identifier: "b", date: Self.now + 61)])
        #expect(core.reloadDate == nil)
        #expect(core.wake(now: Self.now + 60.25) == Self.now + 61)
    }

    @Test("A date another engine announced may be missing only from a complete window or one that reaches it")
    func windowMayMiss() {
        var core = Self.core(window: 1)
        core.loaded(
            counts: [:],
            soonest: [10, 20].map { DueEntry(app: Self.app, identifier: "r\($0)", date: Self.now + $0) }, located: [])
        #expect(core.windowMayMiss(Self.now + 5))
        #expect(!core.windowMayMiss(Self.now + 15))
        #expect(core.windowMayMiss(nil))
    }

    @Test("Deliveries are pruned at most once a day, and again when the clock went back")
    func pruning() {
        var core = Self.core()
        #expect(core.pruneCutoff(now: Self.now) == Self.now - 86_400)
        #expect(core.pruneCutoff(now: Self.now + 3_600) == nil)
        #expect(core.pruneCutoff(now: Self.now - 60) == Self.now - 60 - 86_400)
        #expect(core.pruneCutoff(now: Self.now + 90_000) != nil)
    }

    // MARK: Removals and location

    @Test("Removing requests takes them out of the window and the counts; removing all forgets the app")
    func removals() throws {
        var core = Self.core()
        var pending: [PendingRequest] = []
        try Self.add((1...3).map { Self.request("r\($0)", after: Double($0) * 60) }, to: &core, pending: &pending)
        core.removed(["r2", "missing"], count: 1, of: Self.app)
        #expect(core.window.entries.map(\.identifier) == ["r1", "r3"])
        #expect(core.pendingCounts[Self.app] == 2)
        core.removedAll(of: Self.app)
        #expect(core.window.entries.isEmpty)
        #expect(core.pendingCounts[Self.app] == nil)
    }

    @Test("A watched region fires on the crossing its trigger asks for, once, however the position jitters")
    func crossings() throws {
        let shop = Coordinate(latitude: 52.52, longitude: 13.405)
        func north(_ metres: Double) -> Coordinate {
            Coordinate(latitude: shop.latitude + metres / 111_195, longitude: shop.longitude)
        }
        var core = Self.core()
        var pending: [PendingRequest] = []
        let request = NotificationRequest(
            identifier: "shop", content: NotificationContent(title: "Shop"),
            trigger: .location(LocationTrigger(
                region: CircularRegion(
                    identifier: "shop", center: shop, radius: 100, notifyOnEntry: true, notifyOnExit: false),
                repeats: true)))
        try Self.add([request], to: &core, pending: &pending)
        #expect(core.window.entries.isEmpty)
        #expect(core.crossings(at: north(500), now: Self.now).isEmpty)
        let crossed = core.crossings(at: north(20), now: Self.now)
        #expect(crossed == [EngineCore.FireItem(app: Self.app, identifier: "shop", expectedDate: nil, dueDate: Self.now)])
        for metres in [95.0, 105, 98, 103] {
            #expect(core.crossings(at: north(metres), now: Self.now).isEmpty)
        }
        #expect(core.lastPosition == north(103))
    }
}
