import Foundation
import LegacyNotifications
import NotificationEngine
import NotificationEngineTesting
import Signals

/// An engine on virtual time with a recording presenter and one app's
/// `UIApplication`, for one test. Wall-clock times are in Paris.
struct LegacyFixture {
    static let timeZone = TimeZone(identifier: "Europe/Paris")!
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }()
    /// Wednesday 15 January 2025, 10:23:14 in Paris.
    static let start = date(2025, 1, 15, 10, 23, 14)

    let scheduler: TestScheduler
    let presenter: RecordingPresenter
    let engine: NotificationEngine
    let app: AppIdentifier = "com.example.legacy"
    let application: UIApplication

    init(
        policy: NotificationEngine.AuthorizationPolicy = .grantAll,
        start: Date = LegacyFixture.start,
        presenter: RecordingPresenter = RecordingPresenter(),
        configure: (inout NotificationEngine.Configuration) -> Void = { _ in }
    ) throws {
        scheduler = TestScheduler(startDate: start)
        self.presenter = presenter
        var configuration = NotificationEngine.Configuration(authorizationPolicy: policy)
        configuration.timeZone = Self.timeZone
        configure(&configuration)
        engine = try NotificationEngine(
            store: .inMemory, scheduler: scheduler, configuration: configuration, presenters: [presenter])
        application = UIApplication(appIdentifier: app, service: engine)
    }

    /// A date in Paris.
    static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    /// Registers alerts, sounds and badges with these categories.
    func register(_ categories: Set<UIUserNotificationCategory>? = nil) async throws {
        try await application.throwing.registerUserNotificationSettings(
            UIUserNotificationSettings(types: [.alert, .sound, .badge], categories: categories))
    }

    /// The last delivery shown to the user.
    func lastShown() throws -> Delivery {
        guard let delivery = presenter.presentations.last?.delivery else {
            throw FixtureError("nothing was shown")
        }
        return delivery
    }

    /// Answers the last delivery shown as the user.
    func respondToLastShown(
        with action: String = NotificationAction.defaultIdentifier, text: String? = nil, authenticated: Bool = true
    ) async throws {
        try await engine.respond(
            to: lastShown().id, actionIdentifier: action, userText: text, authenticated: authenticated, for: app)
    }

    /// The identifiers of the app's pending requests.
    func pendingIdentifiers() async throws -> [String] {
        try await engine.pendingRequests(for: app).map(\.request.identifier)
    }

    /// A notification with a body that fires at `date`.
    static func notification(_ body: String, at date: Date?) -> UILocalNotification {
        let notification = UILocalNotification()
        notification.alertBody = body
        notification.fireDate = date
        return notification
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
