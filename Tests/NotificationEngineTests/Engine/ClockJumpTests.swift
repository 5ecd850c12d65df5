import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing

@Suite("Engine: wall-clock jumps")
struct ClockJumpTests {
    static func engine(_ clock: JumpingClock, _ presenter: RecordingPresenter) throws -> NotificationEngine {
        try NotificationEngine(
            store: .inMemory, scheduler: clock, configuration: .init(authorizationPolicy: .grantAll),
            presenters: [presenter])
    }

    @Test("When the clock jumps forward past a due date, the request fires within the clock check interval")
    func forward() async throws {
        let clock = JumpingClock(wall: EngineFixture.start)
        let presenter = RecordingPresenter()
        let engine = try Self.engine(clock, presenter)
        let app: AppIdentifier = "com.example.app"
        _ = try await engine.requestAuthorization(options: [.alert], for: app)
        try await engine.add(EngineFixture.request("in-an-hour", after: 3_600), for: app)
        clock.tick(by: 1)
        clock.jump(by: 3_600)
        clock.tick(by: NotificationEngine.Configuration().clockCheckInterval)
        #expect(presenter.presentations.map(\.delivery.request.identifier) == ["in-an-hour"])
    }

    @Test("When the clock jumps back, nothing fires before the wall clock reaches its date")
    func backward() async throws {
        let clock = JumpingClock(wall: EngineFixture.start)
        let presenter = RecordingPresenter()
        let engine = try Self.engine(clock, presenter)
        let app: AppIdentifier = "com.example.app"
        _ = try await engine.requestAuthorization(options: [.alert], for: app)
        try await engine.add(EngineFixture.request("soon", after: 100), for: app)
        clock.jump(by: -3_600)
        clock.tick(by: 3_600)
        #expect(presenter.presentations.isEmpty)
        clock.tick(by: 100 + NotificationEngine.Configuration().clockCheckInterval)
        let delivery = try #require(presenter.presentations.first?.delivery)
        #expect(delivery.date >= delivery.scheduledDate)
    }
}
