import Foundation
import HeraldTestSupport
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Signals
import Testing
import UserNotifications

/// docs/engine.md's setup: an SQLite file in the working directory, a real clock, the
/// process's shared center and application. Run in a process of its own (the shared
/// center and application can be configured once per process).
func engineSetupExample() throws -> NotificationEngine {
    let engine = try NotificationEngine(
        store: .sqlite(path: "herald.sqlite"),          // or .inMemory
        scheduler: QueueScheduler(name: "herald"),      // the clock; tests pass TestScheduler(startDate:)
        configuration: .init(pendingLimitPerApp: 64, authorizationPolicy: .ask),
        presenters: [TerminalPresenter()])
    try UNUserNotificationCenter.configure(appIdentifier: "com.example.nagme", service: engine)
    UIApplication.configure(appIdentifier: "com.example.shopping", service: engine)
    return engine
}

/// docs/engine.md's presenter of one's own, added to `engine`.
func logPresenterExample(engine: NotificationEngine) -> any Disposable {
    final class LogPresenter: Presenter {
        func present(_ presentation: Presentation) {
            guard presentation.style != .none else { return }   // notification center only
            let content = presentation.delivery.request.content
            print("[\(presentation.delivery.app)] \(content.title): \(content.body)")
        }
    }
    let subscription = engine.addPresenter(LogPresenter())
    return subscription
}

/// docs/engine.md's Focus, summary times and an app in the summary.
func quietExample(engine: NotificationEngine) throws {
    var settings = engine.quietSettings()
    settings.focusModes = [FocusMode(
        identifier: "sleep", name: "Sleep", allowedApps: ["com.example.alarm": .all],
        schedules: [FocusSchedule(start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!)])]
    settings.summaryTimes = [TimeOfDay("08:00")!, TimeOfDay("18:00")!]
    try engine.updateQuietSettings(settings)            // refused whole with invalidPayload if wrong
    try engine.updatePreferences(for: "com.example.news") { $0.inScheduledSummary = true }
    engine.setDesktopDoNotDisturb(true)                 // the daemon follows GNOME's and KDE's
}

@Suite("docs/engine.md", .offThePool)
struct EngineExamples {
    @Test("Focus, Do Not Disturb and the scheduled summary: the settings are kept, the app waits for the summary")
    func quiet() throws {
        let engine = try NotificationEngine(store: .inMemory, scheduler: TestScheduler(startDate: Date(timeIntervalSinceReferenceDate: 0)))
        try quietExample(engine: engine)
        #expect(engine.quietSettings().focusModes.map(\.identifier) == ["sleep"])
        #expect(engine.quietState().desktopDoNotDisturb)
        #expect(try engine.preferences(for: "com.example.news").inScheduledSummary)
    }

    @Test("Setting it up: an SQLite file, the shared center and application")
    func setup() async {
        await #expect(processExitsWith: .success) {
            let directory = try TemporaryDirectory()
            guard FileManager.default.changeCurrentDirectoryPath(directory.url.path) else { exit(2) }
            let engine = try engineSetupExample()
            guard UNUserNotificationCenter.current().appIdentifier == "com.example.nagme",
                  UIApplication.shared.appIdentifier == "com.example.shopping",
                  try await engine.pendingRequests(for: "com.example.nagme").isEmpty,
                  FileManager.default.fileExists(atPath: "herald.sqlite")
            else { exit(1) }
        }
    }

    @Test("On virtual time: a repeating request fires each minute; the user taps the first")
    func virtualTime() async throws {
        let printed = try await Printed.capture {
            let scheduler = TestScheduler(startDate: Date())
            let presenter = RecordingPresenter()
            let engine = try NotificationEngine(
                store: .inMemory, scheduler: scheduler,
                configuration: .init(authorizationPolicy: .grantAll), presenters: [presenter])
            let app: AppIdentifier = "com.example.nagme"
            _ = try await engine.requestAuthorization(options: [.alert, .sound], for: app)
            try await engine.add(
                NotificationRequest(identifier: "Walk Dog", content: .init(title: "Task Reminder", body: "Walk Dog!!"),
                                    trigger: .timeInterval(.init(interval: 60, repeats: true))),
                for: app)
            scheduler.advance(by: 60)
            print(presenter.presentations.count)        // 1
            scheduler.advance(by: 120)
            print(presenter.presentations.count)        // 3
            let delivery = presenter.presentations[0].delivery
            try engine.respond(to: delivery.id, actionIdentifier: NotificationAction.defaultIdentifier, authenticated: false)
        }
        #expect(printed == ["1", "3"])
    }

    @Test("A presenter of one's own sees each delivery")
    func presenter() async throws {
        let printed = try await Printed.capture {
            let scheduler = TestScheduler(startDate: Date())
            let engine = try NotificationEngine(
                store: .inMemory, scheduler: scheduler, configuration: .init(authorizationPolicy: .grantAll))
            let subscription = logPresenterExample(engine: engine)
            defer { subscription.dispose() }
            _ = try await engine.requestAuthorization(options: [.alert], for: "com.example.tea")
            try await engine.add(
                NotificationRequest(identifier: "tea", content: .init(title: "Tea", body: "It is ready"), trigger: nil),
                for: "com.example.tea")
        }
        #expect(printed == ["[com.example.tea] Tea: It is ready"])
    }
}

