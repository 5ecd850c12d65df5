import Foundation
import NotificationEngine
import NotificationEngineTesting
import Signals
import Synchronization
import UserNotifications

/// A center over an in-memory engine on virtual time, with a recording presenter.
///
/// Only the setup and the user's side (answering a prompt, tapping an action)
/// use the engine; what the tests assert goes through the public
/// `UserNotifications` API, as it would on Apple's platforms.
struct CenterFixture {
    static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)  // 2026-05-08 03:33:20 UTC

    let scheduler: TestScheduler
    let presenter = RecordingPresenter()
    let user: SimulatedUser
    let engine: NotificationEngine
    let center: UNUserNotificationCenter
    let app: AppIdentifier

    /// - Parameters:
    ///   - policy: `.ask` has the simulated user answer prompts with `userGrants`.
    ///   - authorize: requests authorization for alerts, sounds and badges up front.
    init(
        appIdentifier: String = "com.example.nagme",
        policy: NotificationEngine.AuthorizationPolicy = .grantAll,
        userGrants: Bool = true,
        authorize: Bool = false,
        configure: (inout NotificationEngine.Configuration) -> Void = { _ in }
    ) throws {
        scheduler = TestScheduler(startDate: Self.start)
        var configuration = NotificationEngine.Configuration(authorizationPolicy: policy)
        configuration.timeZone = TimeZone(identifier: "UTC")!
        configure(&configuration)
        user = SimulatedUser(grants: userGrants)
        engine = try NotificationEngine(
            store: .inMemory, scheduler: scheduler, configuration: configuration, presenters: [presenter, user])
        user.attach(to: engine)
        app = AppIdentifier(appIdentifier)
        center = UNUserNotificationCenter(appIdentifier: appIdentifier, service: engine)
    }

    /// A fixture whose app is already authorized for alerts, sounds and badges.
    static func authorized(configure: (inout NotificationEngine.Configuration) -> Void = { _ in }) async throws
        -> CenterFixture
    {
        let fixture = try CenterFixture(configure: configure)
        _ = try await fixture.center.requestAuthorization(options: [.alert, .sound, .badge])
        return fixture
    }

    /// The identifiers of the requests shown to the user, in order.
    var shownIdentifiers: [String] {
        presenter.presentations.map(\.delivery.request.identifier)
    }

    /// The user answers the latest delivery of the request `identifier`.
    func respond(
        to identifier: String, with actionIdentifier: String, text: String? = nil, authenticated: Bool = true
    ) async throws {
        guard let delivery = user.deliveries.last(where: { $0.request.identifier == identifier }) else {
            throw FixtureError("no delivery of \(identifier)")
        }
        try await engine.respond(
            to: delivery.id, actionIdentifier: actionIdentifier, userText: text, authenticated: authenticated, for: app)
    }
}

/// A failure of the test setup itself.
struct FixtureError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
