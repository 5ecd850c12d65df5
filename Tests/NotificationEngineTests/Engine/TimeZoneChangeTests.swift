import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// Floating calendar triggers ("every day at 08:30", no zone of their own) follow
/// the user's zone when it changes, as on iOS; everything else keeps its instant.
@Suite("Engine: time zone changes")
struct TimeZoneChangeTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!  // UTC+9, no DST
    static let newYork = TimeZone(identifier: "America/New_York")!  // UTC-4 in May

    /// `EngineFixture.start` is 2026-05-09 06:13:20 UTC; this is an instant that day.
    static func utc(_ hour: Int, _ minute: Int = 0, day: Int = 9) -> Date {
        var components = DateComponents(year: 2026, month: 5, day: day, hour: hour, minute: minute)
        components.timeZone = utc
        return Calendar(identifier: .gregorian).date(from: components)!
    }

    static func calendar(_ identifier: String, _ components: DateComponents, repeats: Bool) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier, content: NotificationContent(title: identifier),
            trigger: .calendar(CalendarTrigger(dateComponents: components, repeats: repeats)))
    }

    static var dailyAt0830: NotificationRequest {
        calendar("daily", DateComponents(hour: 8, minute: 30), repeats: true)
    }

    /// An authorized fixture whose engine follows `system`, the system's zone as a test sets it.
    static func followingFixture(_ system: SystemZone) async throws -> EngineFixture {
        let fixture = try EngineFixture { configuration in
            configuration.timeZone = .autoupdatingCurrent
            configuration.systemTimeZone = { system.zone.withLock { $0 } }
        }
        try await fixture.authorize()
        return fixture
    }

    /// The apps `engine` reports `pendingChanged` for, until the disposable is disposed.
    static func pendingChanges(of engine: NotificationEngine) -> (Recorded<AppIdentifier>, any Disposable) {
        let changes = Recorded<AppIdentifier>()
        let watching = engine.events.subscribeNext { event in
            if case .pendingChanged(let app) = event { changes.append(app) }
        }
        return (changes, watching)
    }

    func fireDates(_ fixture: EngineFixture) async throws -> [String: Date] {
        try await fixture.engine.pendingRequests(for: fixture.app).reduce(into: [:]) {
            $0[$1.request.identifier] = $1.nextFireDate
        }
    }

    @Test("A daily floating trigger keeps its wall time in the new zone; zoned, interval triggers keep their instants")
    func floatingFollows() async throws {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        let (changes, watching) = Self.pendingChanges(of: fixture.engine)
        defer { watching.dispose() }
        var zoned = DateComponents(hour: 8, minute: 30)
        zoned.timeZone = Self.utc
        try await fixture.engine.add(
            [Self.dailyAt0830, Self.calendar("zoned", zoned, repeats: true), EngineFixture.request("interval", after: 3_600)],
            for: fixture.app)
        #expect(try await fireDates(fixture)["daily"] == Self.utc(8, 30))
        let before = changes.values.count

        try fixture.engine.updateTimeZone(Self.tokyo)

        #expect(fixture.engine.timeZone == Self.tokyo)
        let dates = try await fireDates(fixture)
        #expect(dates["daily"] == Self.utc(23, 30), "08:30 in Tokyo is 23:30 UTC; 08:30 Tokyo today has passed")
        #expect(dates["zoned"] == Self.utc(8, 30))
        #expect(dates["interval"] == EngineFixture.start.addingTimeInterval(3_600))
        #expect(changes.values.dropFirst(before) == [fixture.app])

        fixture.scheduler.advance(to: Self.utc(8, 30))
        #expect(fixture.presentedIdentifiers == ["interval", "zoned"])
        fixture.scheduler.advance(to: Self.utc(23, 30))
        #expect(fixture.presentedIdentifiers == ["interval", "zoned", "daily"])
        #expect(fixture.presenter.presentations.last?.delivery.scheduledDate == Self.utc(23, 30))
        #expect(try await fireDates(fixture)["daily"] == Self.utc(23, 30, day: 10), "it goes on at 08:30 Tokyo time")
    }

    @Test("Following the system's zone: a change is seen within the clock check interval; a zone set by hand holds until the system's changes")
    func followsTheSystem() async throws {
        let system = SystemZone(Self.utc)
        let fixture = try await Self.followingFixture(system)
        #expect(fixture.engine.timeZone == Self.utc)
        try await fixture.engine.add(Self.dailyAt0830, for: fixture.app)

        system.zone.withLock { $0 = Self.tokyo }
        fixture.scheduler.advance(by: NotificationEngine.Configuration().clockCheckInterval)
        #expect(fixture.engine.timeZone == Self.tokyo)
        #expect(try await fireDates(fixture)["daily"] == Self.utc(23, 30))

        try fixture.engine.updateTimeZone(Self.newYork)
        fixture.scheduler.advance(by: 60)
        #expect(fixture.engine.timeZone == Self.newYork, "the system's zone did not change")
        #expect(try await fireDates(fixture)["daily"] == Self.utc(12, 30))

        system.zone.withLock { $0 = Self.utc }
        fixture.scheduler.advance(by: 10)
        #expect(fixture.engine.timeZone == Self.utc)
        #expect(try await fireDates(fixture)["daily"] == Self.utc(8, 30))
    }

    @Test("An add looks at the system's zone first, so its fire date is in the zone of the moment")
    func addSeesTheSystemZone() async throws {
        let system = SystemZone(Self.utc)
        let fixture = try await Self.followingFixture(system)
        system.zone.withLock { $0 = Self.tokyo }
        fixture.scheduler.advance(by: 30)  // nothing pending: no timer looks at the clock
        try await fixture.engine.add(Self.dailyAt0830, for: fixture.app)
        #expect(try await fireDates(fixture)["daily"] == Self.utc(23, 30))
    }

    @Test("A request missed while the engine was down still fires once at start in the new zone, then follows it")
    func missedWhileDown() async throws {
        let directory = try TemporaryDirectory()
        let store = NotificationStoreKind.sqlite(path: directory.path("herald.sqlite"))
        do {
            let fixture = try EngineFixture(store: store)
            try await fixture.authorize()
            try await fixture.engine.add(Self.dailyAt0830, for: fixture.app)
        }
        let fixture = try EngineFixture(store: store, start: Self.utc(9)) { $0.timeZone = Self.tokyo }
        #expect(fixture.presentedIdentifiers == ["daily"])
        #expect(fixture.presenter.presentations.first?.delivery.isLate == true)
        #expect(try await fireDates(fixture)["daily"] == Self.utc(23, 30))
    }
}

/// The system's time zone as a test sets it.
final class SystemZone: Sendable {
    let zone: Mutex<TimeZone>

    init(_ zone: TimeZone) {
        self.zone = Mutex(zone)
    }
}
