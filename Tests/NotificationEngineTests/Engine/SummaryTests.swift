import Foundation
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import Testing

/// The scheduled summary on virtual time: what waits for it, when it comes, in
/// which order, across a restart, and never twice.
@Suite("Engine: the scheduled summary")
struct SummaryTests {
    /// 08:00 and 18:00; the fixture starts at 06:13:20 UTC.
    static let times = [TimeOfDay("08:00")!, TimeOfDay("18:00")!]
    static let eight = EngineFixture.start.addingTimeInterval(6_400)

    static func request(
        _ identifier: String, after seconds: TimeInterval, relevance: Double = 0, thread: String = "",
        level: NotificationContent.InterruptionLevel = .active
    ) -> NotificationRequest {
        var request = EngineFixture.request(identifier, after: seconds)
        request.content.relevanceScore = relevance
        request.content.threadIdentifier = thread
        request.content.interruptionLevel = level
        return request
    }

    private func fixture(inSummary: Bool = true) async throws -> EngineFixture {
        let fixture = try EngineFixture()
        try await fixture.authorize()
        try fixture.engine.updatePreferences(for: fixture.app) { $0.inScheduledSummary = inSummary }
        try fixture.engine.updateQuietSettings(QuietSettings(summaryTimes: Self.times))
        return fixture
    }

    @Test("What waits comes together at the summary time, grouped by thread, most relevant first; time-sensitive does not wait")
    func together() async throws {
        let fixture = try await fixture()
        let held = Mutex<[DeliveryID]>([])
        let watching = fixture.engine.events.subscribeNext { event in
            if case .heldForSummary(_, let deliveries, let until) = event, until == Self.eight {
                held.withLock { $0 += deliveries }
            }
        }
        defer { watching.dispose() }
        try await fixture.engine.add(Self.request("low", after: 60, relevance: 0.2, thread: "a"), for: fixture.app)
        try await fixture.engine.add(Self.request("high", after: 120, relevance: 0.9, thread: "b"), for: fixture.app)
        try await fixture.engine.add(Self.request("mid", after: 180, relevance: 0.5, thread: "a"), for: fixture.app)
        try await fixture.engine.add(Self.request("now", after: 240, level: .timeSensitive), for: fixture.app)
        fixture.scheduler.advance(by: 240)
        #expect(fixture.engine.quietState().nextSummary == Self.eight)
        #expect(fixture.presentedIdentifiers == ["now"])
        #expect(held.withLock { $0.count } == 3)
        #expect(try await fixture.engine.deliveredNotifications(for: fixture.app).count == 4, "listed while waiting")
        let holds = try await fixture.engine.summaryHolds(for: fixture.app)
        #expect(holds.count == 3 && holds.values.allSatisfy { $0 == Self.eight })
        #expect(try await fixture.engine.lastSummary() == nil)
        fixture.scheduler.advance(to: Self.eight.addingTimeInterval(-0.001))
        #expect(fixture.presenter.summaries.isEmpty)
        fixture.scheduler.advance(to: Self.eight)
        let summary = try #require(fixture.presenter.summaries.first)
        #expect(summary.date == Self.eight)
        #expect(summary.groups.map(\.threadIdentifier) == ["b", "a"])
        #expect(summary.presentations.map(\.delivery.request.identifier) == ["high", "mid", "low"])
        #expect(summary.presentations.allSatisfy { $0.sound == nil })
        #expect(try await fixture.engine.summaryHolds(for: fixture.app).isEmpty)
        #expect(try await fixture.engine.lastSummary() == summary)
        fixture.scheduler.advance(by: 86_400)
        #expect(fixture.presenter.summaries.count == 1, "never twice")
    }

    @Test("An app not in the summary is shown at once, whatever the summary times")
    func notInSummary() async throws {
        let fixture = try await fixture(inSummary: false)
        try await fixture.engine.add(Self.request("a", after: 60), for: fixture.app)
        fixture.scheduler.advance(by: 60)
        #expect(fixture.presentedIdentifiers == ["a"])
    }

    @Test("A group reads as its category's summary format says, with the summary arguments")
    func text() async throws {
        let fixture = try await fixture()
        try await fixture.engine.setCategories(
            [NotificationCategory(identifier: "chat", actions: [], categorySummaryFormat: "%u more messages from %@")], for: fixture.app)
        for (index, (name, count)) in [("Anna", 2), ("Ben", 0), ("Anna", 1)].enumerated() {
            var request = Self.request("m\(index)", after: Double(60 * (index + 1)), thread: "chat")
            request.content.categoryIdentifier = "chat"
            request.content.summaryArgument = name
            request.content.summaryArgumentCount = count
            try await fixture.engine.add(request, for: fixture.app)
        }
        try await fixture.engine.add(Self.request("plain", after: 240), for: fixture.app)
        fixture.scheduler.advance(to: Self.eight)
        let groups = try #require(fixture.presenter.summaries.first).groups
        #expect(groups.map(\.text) == ["4 more messages from Anna and Ben", "1 notification"])
    }

    @Test("What waits survives a restart and comes once, at the summary time")
    func restart() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let app: AppIdentifier = "com.example.app"
        do {
            let scheduler = TestScheduler(startDate: EngineFixture.start)
            let presenter = RecordingPresenter()
            let engine = try NotificationEngine(
                store: .sqlite(path: path), scheduler: scheduler,
                configuration: Self.configuration(), presenters: [presenter])
            _ = try await engine.requestAuthorization(options: [.alert, .sound], for: app)
            try engine.updatePreferences(for: app) { $0.inScheduledSummary = true }
            try engine.updateQuietSettings(QuietSettings(summaryTimes: Self.times))
            try await engine.add(Self.request("waits", after: 60), for: app)
            scheduler.advance(by: 60)
            #expect(presenter.presentations.isEmpty)
        }
        let scheduler = TestScheduler(startDate: EngineFixture.start.addingTimeInterval(600))
        let presenter = RecordingPresenter()
        let engine = try NotificationEngine(
            store: .sqlite(path: path), scheduler: scheduler, configuration: Self.configuration(), presenters: [presenter])
        scheduler.advance(to: Self.eight)
        #expect(presenter.summaries.map { $0.presentations.map(\.delivery.request.identifier) } == [["waits"]])
        #expect(presenter.presentations.isEmpty)
        scheduler.advance(by: 86_400)
        #expect(presenter.summaries.count == 1)
        _ = engine
    }

    @Test("The last summary is kept in the store: after a restart it reads again, without what was removed since")
    func lastSummaryKept() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let app: AppIdentifier = "com.example.app"
        let delivered: NotificationSummary
        do {
            let scheduler = TestScheduler(startDate: EngineFixture.start)
            let presenter = RecordingPresenter()
            let engine = try NotificationEngine(
                store: .sqlite(path: path), scheduler: scheduler, configuration: Self.configuration(), presenters: [presenter])
            _ = try await engine.requestAuthorization(options: [.alert, .sound], for: app)
            try engine.updatePreferences(for: app) { $0.inScheduledSummary = true }
            try engine.updateQuietSettings(QuietSettings(summaryTimes: Self.times))
            try await engine.add(Self.request("kept", after: 60, relevance: 0.9, thread: "a"), for: app)
            try await engine.add(Self.request("removed", after: 60, thread: "b"), for: app)
            try await engine.add(Self.request("also", after: 60, relevance: 0.1, thread: "a"), for: app)
            scheduler.advance(to: Self.eight)
            delivered = try #require(presenter.summaries.first)
            #expect(delivered.groups.map(\.threadIdentifier) == ["a", "b"])
        }
        let engine = try NotificationEngine(
            store: .sqlite(path: path), scheduler: TestScheduler(startDate: Self.eight.addingTimeInterval(60)),
            configuration: Self.configuration(), presenters: [])
        #expect(try await engine.lastSummary() == delivered)
        try await engine.removeDeliveredNotifications(withIdentifiers: ["removed"], for: app)
        let read = try #require(try await engine.lastSummary())
        #expect(read.date == Self.eight)
        #expect(read.groups.map(\.threadIdentifier) == ["a"], "the group left empty goes")
        #expect(read.presentations.map(\.delivery.request.identifier) == ["kept", "also"])
        #expect(read.groups.first?.text == delivered.groups.first?.text)
    }

    static func configuration() -> NotificationEngine.Configuration {
        var configuration = NotificationEngine.Configuration(authorizationPolicy: .grantAll)
        configuration.timeZone = TimeZone(identifier: "UTC")!
        return configuration
    }
}
