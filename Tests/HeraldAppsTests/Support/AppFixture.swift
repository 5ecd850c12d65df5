import Foundation
import HeraldApps
import HeraldTestSupport
import NotificationEngine
import NotificationEngineTesting
import Signals

/// The three apps on an engine in virtual time with a recording presenter, their
/// files in a fresh directory. Wall-clock times are in Paris.
struct AppFixture {
    static let timeZone = TimeZone(identifier: "Europe/Paris")!
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }()
    /// Wednesday 15 January 2025, 10:23:14 in Paris.
    static let start = date(2025, 1, 15, 10, 23, 14)

    let scheduler: TestScheduler
    let presenter = RecordingPresenter()
    let engine: NotificationEngine
    let directory: TemporaryDirectory
    let apps: [any HeraldApp]

    init(policy: NotificationEngine.AuthorizationPolicy = .grantAll) throws {
        scheduler = TestScheduler(startDate: Self.start)
        var configuration = NotificationEngine.Configuration(authorizationPolicy: policy)
        configuration.timeZone = Self.timeZone
        engine = try NotificationEngine(
            store: .inMemory, scheduler: scheduler, configuration: configuration, presenters: [presenter])
        directory = try TemporaryDirectory()
        apps = try BundledApps.make(
            service: engine, directory: directory.url, scheduler: scheduler, calendar: Self.calendar)
    }

    /// A date in Paris.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// The app with this slug.
    func app(_ slug: String) throws -> any HeraldApp {
        guard let app = apps.first(where: { $0.slug == slug }) else { throw TestFailure("no app \(slug)") }
        return app
    }

    /// Starts the app and waits until its registration has run (its first
    /// `changed` message): the user was asked and answered, by the policy.
    func started(_ slug: String) async throws -> any HeraldApp {
        let app = try app(slug)
        let log = MessageLog(app)
        try await app.start()
        _ = try await log.first(ofType: "changed")
        return app
    }

    /// The app as the daemon would make it after a restart: a new instance on
    /// the same directory (not started).
    func relaunched(_ slug: String) throws -> any HeraldApp {
        let apps = try BundledApps.make(
            service: engine, directory: directory.url, scheduler: scheduler, calendar: Self.calendar)
        guard let app = apps.first(where: { $0.slug == slug }) else { throw TestFailure("no app \(slug)") }
        return app
    }

    /// The file an app saves to.
    func file(_ name: String) -> URL {
        directory.url.appendingPathComponent(name)
    }

    /// The app's pending requests, soonest first.
    func pending(_ app: any HeraldApp) async throws -> [PendingRequest] {
        try await engine.pendingRequests(for: app.identifier)
    }

    /// The last delivery shown to the user.
    func lastShown() throws -> Delivery {
        guard let delivery = presenter.presentations.last?.delivery else { throw TestFailure("nothing was shown") }
        return delivery
    }

    /// Answers the last delivery shown, as the user.
    func respondToLastShown(with action: String, authenticated: Bool = true) async throws {
        let delivery = try lastShown()
        try await engine.respond(
            to: delivery.id, actionIdentifier: action, userText: nil, authenticated: authenticated, for: delivery.app)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
