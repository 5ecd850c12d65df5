import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// A Focus and the desktop's Do Not Disturb on the firing path: what each
/// interruption level looks like on the presenters. The decision itself is checked
/// on the policy alone (`FocusPolicyTests`).
@Suite("Engine: Focus and Do Not Disturb")
struct FocusTests {
    static let sleep = FocusMode(
        identifier: "sleep", name: "Sleep", allowedApps: ["com.example.alarm": .all],
        schedules: [FocusSchedule(start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!)])

    /// A request of `level` firing after `seconds`.
    static func request(
        _ identifier: String, _ level: NotificationContent.InterruptionLevel, after seconds: TimeInterval = 1,
        criteria: String = ""
    ) -> NotificationRequest {
        var request = EngineFixture.request(identifier, after: seconds)
        request.content.interruptionLevel = level
        request.content.filterCriteria = criteria
        request.content.sound = .default
        return request
    }

    /// How each presentation looked: identifier, style, sound played, breaking through.
    static func looks(_ presenter: RecordingPresenter) -> [String] {
        presenter.presentations.map {
            "\($0.delivery.request.identifier) \($0.style) \($0.sound == nil ? "silent" : "sound")"
                + ($0.breaksThrough ? " through" : "")
        }
    }

    private func fixture(focus: String? = "sleep") async throws -> EngineFixture {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.updateQuietSettings(
            QuietSettings(focusModes: [Self.sleep], override: focus.map { .init(focus: $0) }))
        return fixture
    }

    @Test("During a Focus: passive and active go quietly to the list, time-sensitive and critical come through")
    func levels() async throws {
        let fixture = try await fixture()
        for (index, level) in [NotificationContent.InterruptionLevel.passive, .active, .timeSensitive, .critical].enumerated() {
            try await fixture.engine.add(Self.request("\(level)", level, after: Double(index + 1)), for: fixture.app)
        }
        fixture.scheduler.advance(by: 4)
        #expect(Self.looks(fixture.presenter) == [
            "passive none silent", "active none silent", "timeSensitive banner sound through",
            "critical banner sound through",
        ])
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 4, "all in the list")
    }

    @Test("Time-sensitive stays quiet where the person turned it off for the app, or the Focus does not allow it")
    func timeSensitiveSwitches() async throws {
        let fixture = try await fixture()
        try fixture.engine.updatePreferences(for: fixture.app) { $0.timeSensitiveEnabled = false }
        try await fixture.engine.add(Self.request("off", .timeSensitive), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        try fixture.engine.updatePreferences(for: fixture.app) { $0.timeSensitiveEnabled = true }
        var strict = Self.sleep
        strict.allowsTimeSensitive = false
        try fixture.engine.updateQuietSettings(QuietSettings(focusModes: [strict], override: .init(focus: "sleep")))
        try await fixture.engine.add(Self.request("strict", .timeSensitive), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(Self.looks(fixture.presenter) == ["off none silent", "strict none silent"])
        #expect(try await fixture.engine.notificationSettings(for: fixture.app).timeSensitiveSetting == .enabled)
    }

    @Test("A Focus lets its apps through, wholly or by filter criteria")
    func allowedApps() async throws {
        let fixture = try await fixture(focus: nil)
        var work = FocusMode(identifier: "work", name: "Work", allowedApps: [fixture.app.rawValue: .criteria(["urgent"])])
        work.allowsTimeSensitive = true
        try fixture.engine.updateQuietSettings(QuietSettings(focusModes: [work], override: .init(focus: "work")))
        try await fixture.engine.add(Self.request("urgent", .active, criteria: "urgent"), for: fixture.app)
        try await fixture.engine.add(Self.request("other", .active, after: 2, criteria: "later"), for: fixture.app)
        fixture.scheduler.advance(by: 2)
        #expect(Self.looks(fixture.presenter) == ["urgent banner sound", "other none silent"])
    }

    @Test("A scheduled Focus is on in its hours only, on the engine's clock")
    func scheduled() async throws {
        let fixture = try await fixture(focus: nil)  // 06:13 UTC: Sleep (22:00–07:00) is on
        try await fixture.engine.add(Self.request("early", .active), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        try await fixture.engine.add(Self.request("day", .active, after: 3_600), for: fixture.app)
        fixture.scheduler.advance(by: 3_600)  // 07:13
        #expect(Self.looks(fixture.presenter) == ["early none silent", "day banner sound"])
        #expect(fixture.engine.quietState().focus == nil)
    }

    @Test("A Focus switched on by hand until a time ends then; switched off by hand, the schedule is overruled")
    func override() async throws {
        let fixture = try await fixture(focus: nil)
        try fixture.engine.updateQuietSettings(
            QuietSettings(focusModes: [Self.sleep], override: .init(focus: nil, until: EngineFixture.start.addingTimeInterval(60))))
        #expect(fixture.engine.quietState().focus == nil, "switched off by hand during its hours")
        fixture.scheduler.advance(by: 60)
        #expect(fixture.engine.quietState().focus?.identifier == "sleep", "its schedule decides again")
    }

    @Test("A scheduled Focus beginning and ending is told as it happens, once each")
    func toldAtBoundaries() async throws {
        let fixture = try await fixture(focus: nil)  // 06:13 UTC: Sleep (22:00–07:00) is on
        let told = Mutex<[String?]>([])
        let watching = fixture.engine.events.subscribeNext { event in
            if case .quietChanged(let state) = event { told.withLock { $0.append(state.focus?.identifier) } }
        }
        defer { watching.dispose() }
        fixture.scheduler.advance(by: 86_400)  // to 06:13 the next day
        #expect(told.withLock { $0 } == [nil, "sleep"], "ended at 07:00, began at 22:00")
    }

    @Test("The desktop's Do Not Disturb quiets as a Focus does; switched off, banners come back")
    func desktopDoNotDisturb() async throws {
        let fixture = try await fixture(focus: nil)
        try fixture.engine.updateQuietSettings(QuietSettings())
        let changes = Mutex<[Bool]>([])
        let watching = fixture.engine.events.subscribeNext { event in
            if case .quietChanged(let state) = event { changes.withLock { $0.append(state.desktopDoNotDisturb) } }
        }
        defer { watching.dispose() }
        fixture.engine.setDesktopDoNotDisturb(true)
        fixture.engine.setDesktopDoNotDisturb(true)
        try await fixture.engine.add(Self.request("quiet", .active), for: fixture.app)
        try await fixture.engine.add(Self.request("through", .timeSensitive, after: 2), for: fixture.app)
        fixture.scheduler.advance(by: 2)
        fixture.engine.setDesktopDoNotDisturb(false)
        try await fixture.engine.add(Self.request("back", .active), for: fixture.app)
        fixture.scheduler.advance(by: 1)
        #expect(Self.looks(fixture.presenter) == ["quiet none silent", "through banner sound through", "back banner sound"])
        #expect(changes.withLock { $0 } == [true, false], "told once per change")
    }

    @Test("Settings the engine cannot keep are refused and change nothing")
    func refused() async throws {
        let fixture = try await fixture()
        let before = fixture.engine.quietSettings()
        let duplicate = QuietSettings(focusModes: [Self.sleep, Self.sleep])
        let unknown = QuietSettings(focusModes: [Self.sleep], override: .init(focus: "gym"))
        let times = QuietSettings(summaryTimes: [TimeOfDay("08:00")!, TimeOfDay("08:00")!])
        var weekdays = Self.sleep
        weekdays.schedules = [FocusSchedule(weekdays: [0, 8], start: TimeOfDay("01:00")!, end: TimeOfDay("02:00")!)]
        var criteria = Self.sleep
        criteria.allowedApps = ["a": .criteria(Set((0...QuietSettings.maximumCriteria).map(String.init)))]
        for settings in [duplicate, unknown, times, QuietSettings(focusModes: [weekdays]), QuietSettings(focusModes: [criteria])] {
            #expect(throws: NotificationError.self) { try fixture.engine.updateQuietSettings(settings) }
        }
        #expect(fixture.engine.quietSettings() == before)
    }

    @Test("The settings survive a restart of the engine")
    func persisted() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let settings = QuietSettings(
            focusModes: [Self.sleep], override: .init(focus: "sleep"), summaryTimes: [TimeOfDay("18:00")!])
        do {
            let engine = try NotificationEngine(store: .sqlite(path: path), scheduler: TestScheduler(startDate: EngineFixture.start))
            try engine.updateQuietSettings(settings)
        }
        let engine = try NotificationEngine(store: .sqlite(path: path), scheduler: TestScheduler(startDate: EngineFixture.start))
        #expect(engine.quietSettings() == settings)
    }
}
